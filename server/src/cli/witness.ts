import { parseArgs } from 'node:util';
import { startWitness } from '../witness/witness.server.js';

const USAGE = `Usage:
  npm run witness -- --port <port> --log-key <log verifier key> [--log-key <another> ...] --state <file>
                     [--name <witness name>] [--host 127.0.0.1]

  --log-key   a log's Ed25519 verifier key (name+id+key, type 0x01); its name is the origin it signs
  --state     the witness's key and what it cosigned (created with mode 600 on first start)
  --name      the witness's key name on first start (default witness.<host name>/<random>)`;

/** The options, or a message saying what is wrong with them. */
function readOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'log-key': { type: 'string', multiple: true },
      state: { type: 'string' },
      name: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port);
  if (!values.port || !/^[0-9]+$/.test(values.port) || port > 65535) throw new Error('--port must be a port number');
  if (!values['log-key']?.length) throw new Error('at least one --log-key is needed');
  if (!values.state) throw new Error('--state is needed');
  return { port, host: values.host, logKeys: values['log-key'], statePath: values.state, name: values.name };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof readOptions>;
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`witness: ${(error as Error).message}\n\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const witness = await startWitness(options);
  process.stdout.write(`witness verifier key: ${witness.verifierKey}\nlistening on ${witness.url}\n`);
  const stop = (signal: NodeJS.Signals) => {
    process.stderr.write(`${signal}: shutting down\n`);
    witness.close().then(
      () => {
        process.exitCode = 0;
      },
      (error: Error) => {
        process.stderr.write(`witness: could not shut down cleanly: ${error.message}\n`);
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: Error) => {
  process.stderr.write(`witness: ${error.message}\n`);
  process.exitCode = 1;
});

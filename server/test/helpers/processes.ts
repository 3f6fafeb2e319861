import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../realtime/private-redis.js';
import { pollUntil } from './wait-for.js';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A child process of ours (server, worker, admin CLI) with its output kept for assertions. */
export interface Spawned {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** The exit code, waiting at most `timeoutMs`; kills the process (and rejects) if it is still running. */
  waitForExit(timeoutMs: number): Promise<number | string>;
}

/** Runs `node --conditions=@signalroom/source --import tsx <entry> ...args` from the repository root. */
export function spawnSource(entry: string, args: string[], env: Record<string, string | undefined>): Spawned {
  const child = spawn(process.execPath, ['--conditions=@signalroom/source', '--import', 'tsx', entry, ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += String(d);
  });
  child.stderr?.on('data', (d) => {
    log += String(d);
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return {
    child,
    output: () => log,
    exited,
    async waitForExit(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`process still running after ${timeoutMs} ms:\n${log}`);
      }
      return result;
    },
  };
}

export interface ServerProcess extends Spawned {
  url: string;
}

/**
 * Starts `server/src/main.ts` as its own process on a free port and waits until it answers liveness
 * (or exits, which rejects with its output). Production mode unless `env` says otherwise.
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  const spawned = spawnSource('server/src/main.ts', [], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const outcome = await pollUntil(
    async () => {
      if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) return 'exited' as const;
      // Refused while the process starts: not up yet, poll again.
      const live = await fetch(`${url}/api/health/live`).catch((error: Error) => ({ ok: false, error }));
      return live.ok ? ('up' as const) : undefined;
    },
    { timeoutMs: 45_000, everyMs: 100, message: 'server process did not come up' },
  ).catch((error: Error) => error.message);
  if (outcome !== 'up') {
    spawned.child.kill('SIGKILL');
    await spawned.exited;
    throw new Error(`server process did not come up (${outcome}):\n${spawned.output()}`);
  }
  return { ...spawned, url };
}

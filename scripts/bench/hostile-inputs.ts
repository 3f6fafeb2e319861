/**
 * `npm run bench:hostile -- [--runs 200] [--seed 20261124]`: sends a fixed battery of generated inputs
 * (the fuzz tests' generator, fixed seed, not stopping at the first failure) to every call with a body
 * or query, plus a few protocol-level probes (oversized address, headers, path parameter and body,
 * broken percent-encoding), and counts how the server answered: accepted, refused in the envelope,
 * 5xx, answers that are not the envelope, and refusals that wrote rows. The same command on an older
 * commit gives the "before" figures of docs/security.md.
 */
import { request } from 'node:http';
import fc from 'fast-check';
import { getMailer } from '../../server/src/modules/mail/mail.service.js';
import { inputsFor } from '../../server/test/fuzz/zod-arbitrary.js';
import { callEndpoint, countWritableRows, ENDPOINTS, prepareFixtures } from '../../server/test/helpers/endpoints.js';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

interface Tally {
  tried: number;
  accepted: number;
  refused: number;
  failed5xx: number;
  notEnvelope: number;
  wroteOnRefusal: number;
}
const empty = (): Tally => ({ tried: 0, accepted: 0, refused: 0, failed5xx: 0, notEnvelope: 0, wroteOnRefusal: 0 });

function isEnvelope(body: unknown): boolean {
  const b = body as Record<string, unknown> | null;
  return Boolean(b && typeof b.success === 'boolean' && typeof b.message === 'string' && 'data' in b);
}

/** One raw request on its own connection; the answer's status and whether its body is the envelope. */
function probe(
  server: TestServer,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) {
  const url = new URL(server.url);
  return new Promise<{ status: number; envelope: boolean }>((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: unknown = null;
          try {
            body = JSON.parse(text);
          } catch {
            body = null;
          }
          resolve({ status: res.statusCode ?? 0, envelope: isEnvelope(body) });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, envelope: false }));
    req.end(init.body);
  });
}

async function main(): Promise<void> {
  const runs = option('runs', 200);
  const seed = option('seed', 20261124);
  const server = await startTestServer({ RATE_LIMITS: 'false' });
  const total = empty();
  try {
    const fixtures = await prepareFixtures(server);
    const mailer = getMailer(server.context);
    console.log(`hostile inputs: ${runs} per call, seed ${seed}\n`);
    for (const endpoint of ENDPOINTS) {
      const tally = empty();
      const inputs = fc.sample(inputsFor(endpoint.schema, endpoint.valid), { numRuns: runs, seed });
      let before = await countWritableRows(server);
      for (const input of inputs) {
        let status = 0;
        let envelope = false;
        try {
          const answer = await callEndpoint(server, endpoint, fixtures, input);
          status = answer.status;
          envelope = isEnvelope(answer.body);
        } catch {
          envelope = false;
        }
        await mailer.drain();
        const after = await countWritableRows(server);
        tally.tried += 1;
        if (status >= 500 || status === 0) tally.failed5xx += 1;
        else if (status >= 400) tally.refused += 1;
        else tally.accepted += 1;
        if (!envelope) tally.notEnvelope += 1;
        const allowed = endpoint.writesOnRefusal?.includes(status) ?? false;
        if (status >= 400 && !allowed && JSON.stringify(after) !== JSON.stringify(before)) tally.wroteOnRefusal += 1;
        before = after;
      }
      for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += tally[key];
      console.log(
        `${endpoint.name.padEnd(36)} tried ${String(tally.tried).padStart(5)}  2xx ${String(tally.accepted).padStart(4)}  4xx ${String(tally.refused).padStart(4)}  5xx ${String(tally.failed5xx).padStart(3)}  not envelope ${String(tally.notEnvelope).padStart(3)}  wrote on 4xx ${tally.wroteOnRefusal}`,
      );
    }
    const probes: Array<[string, string, { method?: string; headers?: Record<string, string>; body?: string }]> = [
      ['address over 16 kB', `/api/countdown?x=${'a'.repeat(20_000)}`, {}],
      ['headers over 16 kB', '/api/countdown', { headers: { 'x-pad': 'a'.repeat(20_000) } }],
      ['path parameter over 100', `/api/bot-access/submissions/${'a'.repeat(300)}`, {}],
      ['broken percent-encoding', '/api/bot-access/submissions/%zz', {}],
      [
        'body over 64 kB',
        '/api/auth/forgot-password',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'a'.repeat(70_000) }),
        },
      ],
      ['unknown query parameter', '/api/countdown?debug=1', {}],
    ];
    console.log('\nprotocol probes:');
    for (const [label, path, init] of probes) {
      const answer = await probe(server, path, init);
      total.tried += 1;
      if (answer.status >= 500 || answer.status === 0) total.failed5xx += 1;
      else if (answer.status >= 400) total.refused += 1;
      else total.accepted += 1;
      if (!answer.envelope) total.notEnvelope += 1;
      console.log(`  ${label.padEnd(28)} ${answer.status} ${answer.envelope ? 'envelope' : 'NOT the envelope'}`);
    }
  } finally {
    await server.close();
  }
  console.log(
    `\ntotal: tried ${total.tried}, accepted ${total.accepted}, refused ${total.refused}, 5xx ${total.failed5xx}, not the envelope ${total.notEnvelope}, wrote on a refusal ${total.wroteOnRefusal}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

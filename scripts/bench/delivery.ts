// npm run bench -- delivery [--members 10000] [--webhooks 10000] [--runs 3] [--shape embedded|distributed]
//
// Time to queue one signal's deliveries to N opted-in members (default 10,000): from `signal:new` on the
// bus (as the worker publishes it) until the fan-out has written the delivery log and scheduled every
// batch job. Goal: under 1 s. The members are gold and unlocked with signal notifications on (the
// default), so each gets the signal by e-mail; a local SMTP sink (smtp-server, discarding) receives the
// mails, and the bench also reports how long sending them all took. Beside it, the webhook fan-out of the
// same signal to W endpoints (default 10,000: one per member, on 'signal.issued'), timed the same way
// (both fan-outs run from the one event, as they do in production), and the sending of those webhooks
// to a local receiver (node:http, answering 204). Runs in-process on the embedded
// shape (PGlite, in-process tasks) by default; `--shape distributed` uses PostgreSQL and Redis (BullMQ):
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test, a scratch database is created
// beside it and dropped) and BENCH_REDIS_URL (default redis://127.0.0.1:6379).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { presentSignal } from '@signalroom/shared-node';
import { sql } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { parseConfig } from '../../server/src/config.js';
import { metricsFor } from '../../server/src/observability/metrics.registry.js';
import { startServer } from '../../server/src/server.js';
import { baseDbUrl, log, median, redisUrl } from './bench-common.js';

const { values: flags } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    webhooks: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    shape: { type: 'string', default: 'embedded' },
  },
  allowPositionals: true,
});
const members = Math.max(1, Number(flags.members));
const webhooks = Math.min(members, Math.max(0, Number(flags.webhooks)));
const runs = Math.max(1, Number(flags.runs));
const distributed = flags.shape === 'distributed';
const GOAL_MS = 1000;

async function startSmtpSink(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook receiver that answers every POST with 204 and counts them. */
async function startWebhookSink(): Promise<{ url: string; received: () => number; close(): Promise<void> }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function scratchShape(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!distributed) return { env: { DATA_DIR: 'memory://' }, drop: async () => {} };
  const suffix = randomBytes(5).toString('hex');
  const name = `sr_bench_delivery_${suffix}`;
  const admin = new pg.Client({ connectionString: baseDbUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseDbUrl);
  url.pathname = `/${name}`;
  return {
    env: {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_NAMESPACE: `srbench:${suffix}`,
    },
    async drop() {
      const client = new pg.Client({ connectionString: baseDbUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const smtp = await startSmtpSink();
const hookSink = await startWebhookSink();
const shape = await scratchShape();
const server = await startServer(
  parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:3000',
    EMBEDDED_WORKER: 'false',
    ...shape.env,
  }),
);
const { db } = server.context;
try {
  log(
    `${distributed ? 'distributed (PostgreSQL, Redis, BullMQ)' : 'embedded (PGlite, in-process tasks)'}; seeding ${members.toLocaleString('en')} opted-in gold members`,
  );
  await sql`
    insert into users (email, full_name, phone, country, password_hash, role, tier, dashboard_unlocked,
                       has_deposited, admission_code, email_verified_at)
    select 'bench-' || n || '@example.com', 'Bench Member ' || n, '+2348012345678', 'Nigeria', 'x', 'member',
           'gold', true, true, 'SR-BENCH-' || n, now()
    from generate_series(1, ${members}) as n`.execute(db);
  if (webhooks > 0) {
    log(`adding ${webhooks.toLocaleString('en')} webhook endpoints (one per member) on signal.issued`);
    await sql`
      insert into webhook_endpoints (user_id, url, events, secret)
      select id, ${hookSink.url}, array['signal.issued'], 'whsec_' || encode(decode(md5(random()::text) || md5(random()::text), 'hex'), 'base64')
      from (select id from users where email like 'bench-%' order by email limit ${webhooks}) as u`.execute(db);
  }

  // Each fan-out's last step schedules its batch jobs: the moment it returns is when the signal is queued
  // on that path. (Read here rather than by polling, which the sends starting right after would delay.)
  const tasks = server.context.tasks;
  const scheduleMany = tasks.scheduleMany.bind(tasks);
  let lastScheduledAt = 0;
  let webhooksScheduledAt = 0;
  tasks.scheduleMany = async (kind, items) => {
    await scheduleMany(kind, items);
    if (kind === 'webhook-send') webhooksScheduledAt = performance.now();
    else if (kind !== 'signal-delivery' && kind !== 'webhook-fanout') lastScheduledAt = performance.now();
  };
  const counter = metricsFor(server.context).signalDeliveries;
  const queued = async (webhook: boolean) =>
    (await counter.get()).values
      .filter((v) => v.labels.status === 'queued' && (v.labels.channel === 'webhook') === webhook)
      .reduce((sum, v) => sum + v.value, 0);
  const times: number[] = [];
  const hookTimes: number[] = [];
  for (let run = 1; run <= runs; run += 1) {
    const slotStart = new Date(Date.now() + run * 1000);
    const row = await db
      .insertInto('signals')
      .values({
        slot_start: slotStart,
        day_key: `bench-${run}-${Date.now()}`,
        day_sequence: 1,
        asset: 'EUR/USD (OTC)',
        signal_type: 'buy',
        direction: 'CALL',
        entry_price: 1.0845,
        confidence: 70,
        status: 'active',
        outcome: null,
        active_level: 0,
        resolved_level: null,
        exit_price: null,
        window_ms: 300_000,
        expires_at: new Date(slotStart.getTime() + 300_000),
        stop_loss: null,
        take_profit: null,
        analysis: null,
        source: 'simulated',
        strategy: 'bench',
        created_at: slotStart,
        updated_at: null,
        resolved_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = await queued(false);
    const hooksBefore = await queued(true);
    const sentBefore = smtp.received();
    const hooksSentBefore = hookSink.received();
    const started = performance.now();
    await server.context.bus.publish({ type: 'signal:new', signal: presentSignal(row) });
    while ((await queued(false)) < before + members || (await queued(true)) < hooksBefore + webhooks) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const ms = lastScheduledAt - started;
    times.push(ms);
    const rows = await db
      .selectFrom('signal_delivery_batches')
      .select(sql<string>`coalesce(sum(cardinality(recipients)), 0)`.as('n'))
      .where('signal_id', '=', row.id)
      .executeTakeFirstOrThrow();
    log(`run ${run}: ${Number(rows.n).toLocaleString('en')} e-mail deliveries queued in ${ms.toFixed(0)} ms`);
    if (webhooks > 0) {
      const hookMs = webhooksScheduledAt - started;
      hookTimes.push(hookMs);
      const hooks = await db
        .selectFrom('webhook_delivery_batches as b')
        .innerJoin('webhook_messages as m', 'm.id', 'b.message_id')
        .select(sql<string>`coalesce(sum(cardinality(b.endpoints)), 0)`.as('n'))
        .where('m.signal_id', '=', row.id)
        .executeTakeFirstOrThrow();
      log(`run ${run}: ${Number(hooks.n).toLocaleString('en')} webhooks queued in ${hookMs.toFixed(0)} ms`);
    }
    // Then the sending itself, until every recipient has a final state in the log.
    for (;;) {
      const final = await db
        .selectFrom('signal_deliveries')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('signal_id', '=', row.id)
        .where('status', '!=', 'queued')
        .groupBy('status')
        .execute();
      const done = final.reduce((sum, f) => sum + Number(f.n), 0);
      const hooksDone = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_messages as m', 'm.id', 'd.message_id')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('m.signal_id', '=', row.id)
        .where('d.status', '!=', 'queued')
        .executeTakeFirstOrThrow();
      if (done >= members && Number(hooksDone.n) >= webhooks) {
        const summary = final.map((f) => `${f.status} ${Number(f.n).toLocaleString('en')}`).join(', ');
        log(
          `run ${run}: sending done after ${((performance.now() - started) / 1000).toFixed(1)} s (e-mail: ${summary}; ${smtp.received() - sentBefore} mails at the sink; ${hookSink.received() - hooksSentBefore} webhooks at the receiver)`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const result = median(times);
  log(
    `load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')} on this machine`,
  );
  log(
    `queue time for one signal to ${members.toLocaleString('en')} members by e-mail: median ${result.toFixed(0)} ms of ${runs} (goal: under ${GOAL_MS} ms) ${result < GOAL_MS ? 'MET' : 'NOT MET'}`,
  );
  const hookResult = webhooks > 0 ? median(hookTimes) : 0;
  if (webhooks > 0) {
    log(
      `queue time for one signal to ${webhooks.toLocaleString('en')} webhook endpoints: median ${hookResult.toFixed(0)} ms of ${runs} (goal: under ${GOAL_MS} ms) ${hookResult < GOAL_MS ? 'MET' : 'NOT MET'}`,
    );
  }
  process.exitCode = result < GOAL_MS && hookResult < GOAL_MS ? 0 : 1;
} finally {
  await server.close();
  await smtp.close();
  await hookSink.close();
  await shape.drop();
}

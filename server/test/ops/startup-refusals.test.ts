import { describe, expect, it } from 'vitest';
import { spawnSource } from '../helpers/processes.js';
import { testShape } from '../helpers/shape.js';

/** Settings that would expose members refuse the start with a clear message (shape-independent: run once). */
describe.skipIf(testShape !== 'embedded')('start-up refusals', () => {
  it('production without SMTP_URL, and TRUST_PROXY=true, stop the server before it listens', async () => {
    const server = spawnSource('server/src/main.ts', [], {
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      DATA_DIR: 'memory://',
      PORT: '0',
    });
    expect(await server.waitForExit(30_000)).toBe(1);
    const output = server.output();
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('SMTP_URL: required when NODE_ENV=production; mail features');
    expect(output).toContain('TRUST_PROXY: "true" would trust every hop');
    expect(output).not.toContain('Signalroom is up');
  }, 60_000);

  it('a bad time zone or half of the distributed shape stop the server and the worker alike', async () => {
    const env = { TIME_ZONE: 'Mars/Olympus', REDIS_URL: 'redis://127.0.0.1:1', DATA_DIR: 'memory://', PORT: '0' };
    const server = spawnSource('server/src/main.ts', [], env);
    const worker = spawnSource('worker/src/main.ts', [], env);
    expect(await server.waitForExit(30_000)).toBe(1);
    expect(await worker.waitForExit(30_000)).toBe(1);
    for (const output of [server.output(), worker.output()]) {
      expect(output).toContain('TIME_ZONE: not an IANA time zone');
      expect(output).toMatch(/DATABASE_URL: required/);
    }
    expect(server.output()).not.toContain('Signalroom is up');
  }, 60_000);
});

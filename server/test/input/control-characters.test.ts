import { Messages } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  callEndpoint,
  countWritableRows,
  ENDPOINTS,
  type EndpointFixtures,
  prepareFixtures,
} from '../helpers/endpoints.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The keys of an object schema whose value is free text (strings, not choices or numbers). */
function textKeys(schema: z.ZodType): string[] {
  const shape = defOf(schema).shape ?? {};
  return Object.keys(shape).filter((key) => {
    let node = shape[key]!;
    while (defOf(node).innerType) node = defOf(node).innerType!;
    return defOf(node).type === 'string';
  });
}

/** NUL, other C0 and C1 controls, DEL, a bidi override and isolate, and a lone surrogate. */
const HOSTILE = ['\u0000', '\u0007', '\u001B[31m', '\u007F', '\u0085', '\u009B', '\u202E', '\u2066', '\uD800'];
const BIDI = ['\u202E', '\u2066'];
/** Phone numbers copied from a messaging app come wrapped in bidi marks: those are removed, not refused. */
const PHONE_KEYS = ['phone', 'phoneNumber', 'callNumber'];

function hostileFor(key: string, part: 'body' | 'query'): string[] {
  return HOSTILE.filter(
    (h) =>
      !(PHONE_KEYS.includes(key) && BIDI.includes(h)) &&
      // A URL cannot carry a lone surrogate: the client sends U+FFFD instead, which is a real character.
      !(part === 'query' && h === '\uD800'),
  );
}

describe('hidden control characters in any text input: 400 in the envelope, nothing written', () => {
  let server: TestServer;
  let fixtures: EndpointFixtures;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
    fixtures = await prepareFixtures(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cases = ENDPOINTS.map((endpoint) => ({ endpoint, keys: textKeys(endpoint.schema) })).filter(
    (c) => c.keys.length > 0,
  );
  it('covers the calls the attack hit (16 NUL pairs on 9 calls) and more', () => {
    const pairs = cases.reduce((n, c) => n + c.keys.length, 0);
    expect(cases.length).toBeGreaterThanOrEqual(9);
    expect(pairs).toBeGreaterThanOrEqual(16);
  });

  for (const { endpoint, keys } of cases) {
    it(`${endpoint.method} ${endpoint.name}: ${keys.join(', ')}`, async () => {
      for (const key of keys) {
        for (const hostile of hostileFor(key, endpoint.part)) {
          const valid = endpoint.valid();
          const input = { ...valid, [key]: `${String(valid[key] ?? 'text').slice(0, 5)}${hostile}x` };
          const before = await countWritableRows(server);
          const { status, body } = await callEndpoint(server, endpoint, fixtures, input);
          const label = `${key} with U+${hostile.charCodeAt(0).toString(16).padStart(4, '0')}`;
          expect(status, label).toBe(400);
          expect(body, label).toMatchObject({ success: false, data: null, error: { code: 'validation_failed' } });
          expect(body.error?.fields?.[key], label).toBe(Messages.common.hiddenCharacters);
          expect(await countWritableRows(server), label).toEqual(before);
        }
      }
    });
  }

  it('reads a phone number wrapped in the bidi marks a messaging app adds', async () => {
    const register = ENDPOINTS.find((e) => e.name === 'register')!;
    const input: Record<string, unknown> = { ...register.valid(), phone: '\u202A+234 803 555 1234\u202C' };
    const { status } = await callEndpoint(server, register, fixtures, input);
    expect(status).toBe(201);
    const row = await server.context.db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', String(input.email))
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('+2348035551234');
  });

  it('keeps line breaks and tabs in multi-line free text (admin notes) and refuses them in one-line fields', async () => {
    const notes = ENDPOINTS.find((e) => e.name === 'bot-access/submissions/:id/status')!;
    const kept = await callEndpoint(server, notes, fixtures, { status: 'contacted', notes: 'Line one\r\n\tLine two' });
    expect(kept.status).toBe(200);
    const login = ENDPOINTS.find((e) => e.name === 'login')!;
    const refused = await callEndpoint(server, login, fixtures, { email: 'ada@example.com', password: 'Pass\nword1' });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields?.password).toBe(Messages.common.hiddenCharacters);
  });
});

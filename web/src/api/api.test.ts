import { apiRoutes, fillPath } from '@signalroom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from './api.js';
import * as messages from './fallback-messages.js';

/** Every path parameter, whatever its name, as a recognisable value. */
const anyParams = new Proxy({}, { get: (_target, name) => `p-${String(name)}` }) as Record<string, string>;

type AnyCall = (input?: object) => Promise<{ ok: boolean; message: string }>;

/** Every call of the client, by feature and route name. */
function everyCall(): { feature: string; name: string; call: AnyCall }[] {
  return Object.entries(api).flatMap(([feature, calls]) =>
    Object.entries(calls as Record<string, AnyCall>).map(([name, call]) => ({ feature, name, call })),
  );
}

describe('the web client derived from the route tables', () => {
  let sent: string[];

  beforeEach(() => {
    sent = [];
    // An answer without an envelope (a proxy's error page): the call's fallback message is what shows.
    vi.stubGlobal('fetch', async (address: string, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${address}`);
      return new Response('<html>Bad gateway</html>', { status: 502 });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('calls every route of the contract, each with its own method and path', async () => {
    for (const { call } of everyCall()) await call({ params: anyParams });
    const routes = apiRoutes().map((route) => `${route.method} /api${fillPath(route.path, anyParams)}`);
    expect(sent.sort()).toEqual(routes.sort());
  });

  it("shows the route's fallback message when the answer carries none", async () => {
    for (const { feature, name, call } of everyCall()) {
      const outcome = await call({ params: anyParams });
      const expected = (messages as Record<string, Record<string, string>>)[feature]?.[name];
      expect(expected, `${feature}.${name}`).toBeTruthy();
      expect(outcome.message, `${feature}.${name}`).toBe(expected);
    }
  });

  it('lets a call site give its own fallback message', async () => {
    const outcome = await api.support.list({ fallbackMessage: 'Our own words.' });
    expect(outcome).toMatchObject({ ok: false, message: 'Our own words.' });
  });
});

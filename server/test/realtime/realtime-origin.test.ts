import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** Connects with a given Origin header (or none); resolves 'connected' or the refusal's message. */
function tryConnect(url: string, origin: string | undefined, transport: 'websocket' | 'polling'): Promise<string> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: [transport],
    reconnection: false,
    forceNew: true,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
  return new Promise((resolve) => {
    socket.on('connect', () => {
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (error) => {
      socket.close();
      resolve(`refused: ${error.message}`);
    });
  });
}

describe('socket handshakes are checked against the allowed origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ALLOWED_ORIGINS: 'https://www.example.com' });
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const transport of ['websocket', 'polling'] as const) {
    it(`refuses another site's origin (${transport})`, async () => {
      expect(await tryConnect(server.url, 'https://evil.example', transport)).toMatch(/^refused/);
      expect(await tryConnect(server.url, 'http://localhost:5173.evil.example', transport)).toMatch(/^refused/);
      expect(await tryConnect(server.url, 'null', transport)).toMatch(/^refused/);
    });

    it(`accepts PUBLIC_URL's origin and ALLOWED_ORIGINS (${transport})`, async () => {
      expect(await tryConnect(server.url, 'http://localhost:5173', transport)).toBe('connected');
      expect(await tryConnect(server.url, 'https://www.example.com', transport)).toBe('connected');
    });

    it(`accepts a client that sends no Origin, as non-browser clients do (${transport})`, async () => {
      expect(await tryConnect(server.url, undefined, transport)).toBe('connected');
    });
  }
});

describe('without PUBLIC_URL, and while shutting down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: '' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('accepts pages on the address the server listens on, refuses others, and refuses all once realtime closes', async () => {
    const port = new URL(server.url).port;
    expect(await tryConnect(server.url, `http://localhost:${port}`, 'polling')).toBe('connected');
    expect(await tryConnect(server.url, `http://127.0.0.1:${port}`, 'websocket')).toBe('connected');
    expect(await tryConnect(server.url, 'http://localhost:5173', 'polling')).toMatch(/^refused/);
    expect(await tryConnect(server.url, 'https://evil.example', 'polling')).toMatch(/^refused/);

    // Shutting down: the same allowRequest now refuses every handshake, allowed origin or none.
    await server.realtime.close();
    expect(await tryConnect(server.url, `http://localhost:${port}`, 'polling')).toMatch(/^refused/);
    expect(await tryConnect(server.url, 'https://evil.example', 'websocket')).toMatch(/^refused/);
    expect(await tryConnect(server.url, undefined, 'websocket')).toMatch(/^refused/);
  });
});

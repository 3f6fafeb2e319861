import type { Envelope } from '@signalroom/shared';
import { type AppConfig, parseConfig } from '../../src/config.js';
import { streamDocument } from '../../src/http/event-documents.js';
import { type RunningServer, type StartOptions, startServer } from '../../src/server.js';
import { recordAnswers } from './answer-conformance.js';
import { prepareShape } from './shape.js';
import { startTestSmtp, type TestSmtp } from './smtp.js';

export interface TestServer extends RunningServer {
  config: AppConfig;
  smtp: TestSmtp;
  /** Stops the server and its SMTP but keeps its database, for a server started on it next (a restart). */
  closeKeepingData(): Promise<void>;
  /** Drops the database a server closed with closeKeepingData used. */
  dropData(): Promise<void>;
  /** Calls the API over real HTTP and returns the status and the parsed envelope. */
  api<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }>;
}

/**
 * Starts the real server on a free port with a real SMTP server for its mail, in the shape chosen by
 * SR_TEST_SHAPE. `env` overrides configuration (e.g. EMBEDDED_WORKER: 'false').
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestServer> {
  const smtp = await startTestSmtp();
  const shape = await prepareShape();
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://localhost:5173',
    EMBEDDED_WORKER: 'false',
    // The daily backtest costs a second of CPU at start: only the tests about it turn it on.
    BACKTEST_SLOTS: '0',
    ...shape.env,
    ...env,
  });
  // Every JSON answer is checked against the server's OpenAPI document when the server closes.
  const answers = recordAnswers();
  const server = await startServer(config, {
    ...shape.startOptions,
    ...options,
    onAnswer: (answer) => {
      answers.observe(answer);
      options.onAnswer?.(answer);
    },
  });
  const document = () => server.app.swagger();
  const stream = () => streamDocument(server.context);
  return {
    ...server,
    config,
    smtp,
    async close() {
      await server.close();
      await smtp.close();
      await shape.cleanup();
      answers.check(document, stream);
    },
    async closeKeepingData() {
      await server.close();
      await smtp.close();
      answers.check(document, stream);
    },
    dropData: () => shape.cleanup(),
    async api<T>(
      method: string,
      path: string,
      options: { body?: unknown; token?: string; rawBody?: string; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${server.url}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: Envelope<T>;
      try {
        parsed = JSON.parse(text) as Envelope<T>;
      } catch {
        throw new Error(`Non-JSON answer ${response.status} for ${method} ${path}: ${text.slice(0, 200)}`);
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
  };
}

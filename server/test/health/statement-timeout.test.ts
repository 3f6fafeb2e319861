import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testShape } from '../helpers/shape.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// PGlite runs a query to its end (no timer can interrupt its WebAssembly); the guard is PostgreSQL's.
describe.skipIf(testShape !== 'distributed')('statement timeout of the PostgreSQL pool', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DB_STATEMENT_TIMEOUT_MS: '200' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('cancels a statement that runs past DB_STATEMENT_TIMEOUT_MS, and the connection serves the next one', async () => {
    const error = await sql`select pg_sleep(2)`.execute(server.context.db).then(
      () => null,
      (e: unknown) => e as { code?: string; message?: string },
    );
    expect(error?.code).toBe('57014');
    expect(error?.message).toMatch(/statement timeout/);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(server.context.db);
    expect(rows[0]?.one).toBe(1);
  });
});

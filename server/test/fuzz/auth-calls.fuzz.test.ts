import { afterAll, beforeAll, describe, it } from 'vitest';
import { ENDPOINTS, type EndpointFixtures, PATH_PLACEHOLDERS, prepareFixtures } from '../helpers/endpoints.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { FUZZ_RUNS, type FuzzTally, formatTally, fuzzEndpoint } from './fuzz-runner.js';

const AUTH_CALLS = ENDPOINTS.filter((e) => e.path(PATH_PLACEHOLDERS).startsWith('/api/auth/') && e.caller === 'public');

describe(`fuzzing the public auth calls from their schemas (${FUZZ_RUNS} cases each)`, () => {
  let server: TestServer;
  let fixtures: EndpointFixtures;
  const tallies: FuzzTally[] = [];
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMITS: 'false' });
    fixtures = await prepareFixtures(server);
  });
  afterAll(async () => {
    console.log(tallies.map(formatTally).join('\n'));
    await server?.close();
  });

  for (const endpoint of AUTH_CALLS) {
    it(`${endpoint.method} ${endpoint.name}: no 5xx, the envelope, nothing written on a 4xx`, async () => {
      tallies.push(await fuzzEndpoint(server, fixtures, endpoint));
    }, 600_000);
  }
});

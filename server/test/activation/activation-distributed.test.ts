import type { TActivation, TAdminActivation, TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { createMember } from '../helpers/factories.js';
import { prepareShape, type ShapeEnv, testShape } from '../helpers/shape.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { fetchProofFile, PNG_BYTES, uploadProof, validProof } from './activation-helpers.js';

describe.skipIf(testShape !== 'distributed')('activation across two server processes', () => {
  let shape: ShapeEnv;
  let a: RunningServer;
  let b: RunningServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    shape = await prepareShape();
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      EMBEDDED_WORKER: 'false',
      ...shape.env,
    });
    a = await startServer(config);
    b = await startServer(config);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await a?.close();
    await b?.close();
    await shape?.cleanup();
  });

  it('a proof sent to one process is pushed, served and approved through the other', async () => {
    const admin = await createMember(a.context.db, { role: 'admin' });
    const member = await createMember(a.context.db, { tier: 'guest' });
    const adminOnB = await connectClient(b.url, admin.token);
    const memberOnA = await connectClient(a.url, member.token);
    clients.push(adminOnB, memberOnA);

    const sent = await uploadProof<{ activation: TActivation }>(a, member.token, validProof());
    expect(sent.status).toBe(201);
    const id = sent.body.data!.activation.proof!.id;
    await adminOnB.waitFor('activation:new', (e) => e.proof.id === id);

    const file = await fetchProofFile(b, id, admin.token);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PNG_BYTES)).toBe(true);

    const approve = await fetch(`${b.url}/api/admin/activations/${id}/approve`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'gold' }),
    });
    expect(approve.status).toBe(200);
    await memberOnA.waitFor('account:update', (u: TUser) => u.tier === 'gold' && u.dashboardUnlocked);
    await memberOnA.waitFor('activation:update', (x: TActivation) => x.status === 'approved');
    await adminOnB.waitFor('activation:reviewed', (p: TAdminActivation) => p.id === id);
    // Each socket hears each event once, from its own process.
    expect(adminOnB.all('activation:new').filter((e) => e.proof.id === id)).toHaveLength(1);
    expect(memberOnA.all('activation:update').filter((x: TActivation) => x.status === 'approved')).toHaveLength(1);
  });
});

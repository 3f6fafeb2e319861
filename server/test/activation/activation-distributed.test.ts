import type { TActivation, TAdminActivation, TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { createMember } from '../helpers/factories.js';
import { type ServerPair, startServerPair } from '../helpers/server-pair.js';
import { testShape } from '../helpers/shape.js';
import { connectClient, type TestClient } from '../realtime/realtime-helpers.js';
import { fetchProofFile, PNG_BYTES, uploadProof, validProof } from './activation-helpers.js';

describe.skipIf(testShape !== 'distributed')('activation across two server processes', () => {
  let pair: ServerPair;
  let a: RunningServer;
  let b: RunningServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    pair = await startServerPair();
    ({ a, b } = pair);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await pair?.close();
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

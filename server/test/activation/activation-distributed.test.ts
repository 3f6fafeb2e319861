import type { TActivation, TAdminActivation, TUser } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { useServerPair } from '../helpers/server-pair.js';
import { testShape } from '../helpers/shape.js';
import { fetchProofFile, PNG_BYTES, uploadProof, validProof } from './activation-helpers.js';

describe.skipIf(testShape !== 'distributed')('activation across two server processes', () => {
  const pair = useServerPair();

  it('a proof sent to one process is pushed, served and approved through the other', async () => {
    const { a, b } = pair;
    const admin = await createMember(a.context.db, { role: 'admin' });
    const member = await createMember(a.context.db, { tier: 'guest' });
    const adminOnB = await pair.connect(b, admin.token);
    const memberOnA = await pair.connect(a, member.token);

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { barrierTick, connectClient, type TestClient, waitForBarrier } from './realtime-helpers.js';

// What the server keeps of each connected member, in the current shape (embedded or distributed). The
// heap figures themselves are the push bench's (`npm run bench -- push`); this holds the mechanisms.
describe('what a connected socket keeps on the server', () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it('lets go of the handshake once connected: no request, headers or session token kept', async () => {
    const member = await createMember(server.context.db, { tier: 'pro' });
    const client = await connectClient(server.url, member.token);
    clients.push(client);
    expect(client.snapshot.user?.id).toBe(member.user.id);

    const sockets = [...server.realtime.io.of('/').sockets.values()];
    const socket = sockets.find((s) => s.data.member?.id === member.user.id);
    expect(socket).toBeDefined();
    expect(socket?.conn.request).toBeNull();
    expect(socket?.handshake.headers).toEqual({});
    expect(socket?.handshake.auth).toEqual({});
    // The token itself lives only in the client; the socket keeps its hash, which the sweep checks.
    expect(JSON.stringify(socket?.handshake)).not.toContain(member.token);
    expect(socket?.data.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // Of the member, only what rooms and access follow: the profile is read when a snapshot needs it.
    expect(socket?.data.member).toEqual({
      id: member.user.id,
      tier: 'pro',
      dashboardUnlocked: member.user.dashboardUnlocked,
      role: 'member',
      trialEndsAt: member.user.trialEndsAt,
    });
    expect(JSON.stringify(socket?.data)).not.toContain(member.user.email);

    // Still fully served after letting go: a broadcast reaches it.
    const tick = barrierTick(1);
    await server.context.bus.publish(tick);
    await waitForBarrier(client, tick);
  });

  it('tells a changed record at the sweep without keeping it, and reads it whole for a snapshot', async () => {
    const member = await createMember(server.context.db, { tier: 'silver' });
    const client = await connectClient(server.url, member.token);
    clients.push(client);

    // Changed in the database with no event (an event lost): the sweep finds it by the record's digest.
    await server.context.db
      .updateTable('users')
      .set({ full_name: 'Renamed Member' })
      .where('id', '=', member.user.id)
      .execute();
    await server.realtime.sweep();
    const update = await client.waitFor('account:update');
    expect(update).toMatchObject({ id: member.user.id, fullName: 'Renamed Member', email: member.user.email });

    // Unchanged since: another sweep sends nothing.
    await server.realtime.sweep();
    const tick = barrierTick(2);
    await server.context.bus.publish(tick);
    await waitForBarrier(client, tick);
    expect(client.all('account:update')).toHaveLength(1);

    // A snapshot asked for carries the whole record, read for it.
    const snapshot = await client.socket.emitWithAck('snapshot:request');
    expect(snapshot.user).toMatchObject({ id: member.user.id, fullName: 'Renamed Member', tier: 'silver' });
  });
});

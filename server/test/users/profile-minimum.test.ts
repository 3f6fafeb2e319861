import { AccountSetupMessages, AuthMessages, type TUser } from '@signalroom/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMember, createMember } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** PUT /api/users/profile enforces the wizard's path minimums (manual $30, auto $500) on the server. */
describe('account setup save: deposit minimum per access path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function row(member: CreatedMember) {
    return server.context.db
      .selectFrom('users')
      .select(['broker_account_id', 'deposit_amount', 'access_path'])
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
  }

  function save(member: CreatedMember, body: Record<string, unknown>) {
    return server.api<TUser>('PUT', '/api/users/profile', { token: member.token, body });
  }

  it('accepts each path at its minimum and stores it', async () => {
    const member = await createMember(server.context.db);
    const manual = await save(member, { brokerAccountId: 'BRK-1', depositAmount: 30, accessPath: 'manual' });
    expect(manual.status).toBe(200);
    expect(manual.body.message).toBe(AuthMessages.profileUpdated);
    expect(manual.body.data).toMatchObject({ brokerAccountId: 'BRK-1', depositAmount: 30, accessPath: 'manual' });

    const auto = await save(member, { brokerAccountId: 'BRK-1', depositAmount: 500, accessPath: 'auto' });
    expect(auto.status).toBe(200);
    expect(auto.body.data).toMatchObject({ depositAmount: 500, accessPath: 'auto' });
    const stored = await row(member);
    expect(Number(stored.deposit_amount)).toBe(500);
    expect(stored.access_path).toBe('auto');
  });

  it('refuses a deposit below the chosen path minimum with the shared message and writes nothing', async () => {
    const member = await createMember(server.context.db);
    const cases = [
      { accessPath: 'manual', depositAmount: 29.99, message: AccountSetupMessages.depositBelowMinimum.manual },
      { accessPath: 'auto', depositAmount: 499, message: AccountSetupMessages.depositBelowMinimum.auto },
      { accessPath: 'auto', depositAmount: 30, message: AccountSetupMessages.depositBelowMinimum.auto },
    ] as const;
    for (const { message, ...body } of cases) {
      const answer = await save(member, { brokerAccountId: 'BRK-2', ...body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        message,
        error: { code: 'validation_failed', fields: { depositAmount: message } },
      });
    }
    // Not even the broker account id of the refused saves was written: no partial write.
    expect(await row(member)).toMatchObject({ broker_account_id: null, access_path: null });
    expect(Number((await row(member)).deposit_amount)).toBe(0);
  });

  it('checks against the stored path or deposit when a save changes only one of them', async () => {
    const member = await createMember(server.context.db);
    expect((await save(member, { depositAmount: 100, accessPath: 'manual' })).status).toBe(200);

    // Switching to auto with $100 declared would leave the account below the auto minimum.
    const switchOnly = await save(member, { accessPath: 'auto' });
    expect(switchOnly.status).toBe(400);
    expect(switchOnly.body.message).toBe(AccountSetupMessages.depositBelowMinimum.auto);
    // Lowering the deposit under the stored manual path's minimum.
    const lowerOnly = await save(member, { depositAmount: 10 });
    expect(lowerOnly.status).toBe(400);
    expect(lowerOnly.body.message).toBe(AccountSetupMessages.depositBelowMinimum.manual);
    expect(await row(member)).toMatchObject({ access_path: 'manual' });
    expect(Number((await row(member)).deposit_amount)).toBe(100);

    // Raising the deposit and switching in one save is fine.
    const upgrade = await save(member, { depositAmount: 650, accessPath: 'auto' });
    expect(upgrade.status).toBe(200);
    expect(upgrade.body.data).toMatchObject({ depositAmount: 650, accessPath: 'auto' });
  });

  it('does not check a deposit while no path is chosen, nor a path while no deposit is declared', async () => {
    const member = await createMember(server.context.db);
    const amountOnly = await save(member, { brokerAccountId: 'BRK-3', depositAmount: 5 });
    expect(amountOnly.status).toBe(200);
    expect(amountOnly.body.data).toMatchObject({ depositAmount: 5, accessPath: null });

    const other = await createMember(server.context.db);
    const pathOnly = await save(other, { accessPath: 'auto' });
    expect(pathOnly.status).toBe(200);
    expect(pathOnly.body.data).toMatchObject({ depositAmount: 0, accessPath: 'auto' });
  });
});

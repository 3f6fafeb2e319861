import type { TCommunityPost, TCommunitySummary } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server.js';
import { createMember } from '../helpers/factories.js';
import { useServerPair } from '../helpers/server-pair.js';
import { testShape } from '../helpers/shape.js';
import { pollUntil } from '../helpers/wait-for.js';

async function call<T>(server: RunningServer, method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as { data: T } };
}

describe.skipIf(testShape !== 'distributed')('the Elite Network across two server processes', () => {
  const pair = useServerPair();

  it('counts members online on either process, and posts and removals reach sockets on the other', async () => {
    const { a, b } = pair;
    const first = await createMember(a.context.db, { tier: 'gold' });
    const second = await createMember(a.context.db, { tier: 'silver' });
    const admin = await createMember(a.context.db, { role: 'admin' });
    const onA = await pair.connect(a, first.token);
    const onB = await pair.connect(b, second.token);
    // The first member again, on the other process: counted once.
    await pair.connect(b, first.token);

    // Two members (one of them on both processes): each process counts both.
    for (const server of [a, b]) {
      await pollUntil(
        async () =>
          (await call<TCommunitySummary>(server, 'GET', '/api/community/summary', first.token)).body.data.online === 2,
        { timeoutMs: 8000, everyMs: 500, message: 'online count across processes is not 2' },
      );
    }

    const created = await call<TCommunityPost>(a, 'POST', '/api/community/posts', first.token, {
      body: 'Across processes',
    });
    expect(created.status).toBe(201);
    await onB.waitFor('community:post', (p) => p.id === created.body.data.id);
    const hidden = await call(b, 'PATCH', `/api/admin/community/posts/${created.body.data.id}`, admin.token, {
      hidden: true,
    });
    expect(hidden.status).toBe(200);
    await onA.waitFor('community:remove', (e) => e.postId === created.body.data.id);
  });
});

import type { TCommunityPost } from '@signalroom/shared';

/** What the Elite Network screen hears: a new post, a post removed by an admin, or the socket reconnected. */
export type CommunityEvent =
  | { type: 'post'; post: TCommunityPost }
  | { type: 'remove'; postId: string }
  | { type: 'resync' };

const listeners = new Set<(event: CommunityEvent) => void>();

/** Network news from the socket, for the screen that shows it (subscribe on mount, unsubscribe on leave). */
export const communityEvents = {
  listen(listener: (event: CommunityEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  emit(event: CommunityEvent): void {
    for (const listener of listeners) listener(event);
  },
};

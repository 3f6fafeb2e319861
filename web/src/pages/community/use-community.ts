import type { TCommunityPost, TCommunitySummary } from '@signalroom/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import { communityEvents } from '../../stores/community-events.js';

export type FeedState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; posts: TCommunityPost[]; nextCursor: string | null; loadingMore: boolean; moreError: string };

/** How often the member and online counts are read again while the page is open. */
const SUMMARY_REFRESH_MS = 30_000;

/** Adds a post once, newest first (a push may repeat what an answer already brought). */
export function withPost(posts: readonly TCommunityPost[], post: TCommunityPost): TCommunityPost[] {
  if (posts.some((p) => p.id === post.id))
    return posts.map((p) => (p.id === post.id ? { ...post, likedByMe: p.likedByMe } : p));
  return [post, ...posts].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/**
 * The feed (newest first, a page at a time) kept live by `community:post` and `community:remove`
 * pushes, and the network's figures; a reconnect reads both again.
 */
export function useCommunity() {
  const [feed, setFeed] = useState<FeedState>({ status: 'loading' });
  const [summary, setSummary] = useState<TCommunitySummary | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // A read of the feed in flight: a post pushed meanwhile may be missing from its answer.
  const reading = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the first page again
  useEffect(() => {
    const controller = new AbortController();
    reading.current = true;
    api.community.feed({ signal: controller.signal }).then(
      (result) => {
        reading.current = false;
        if (result.ok) {
          setFeed({
            status: 'ready',
            posts: result.data.posts,
            nextCursor: result.data.nextCursor,
            loadingMore: false,
            moreError: '',
          });
        } else if (result.status !== 'unauthorized') setFeed({ status: 'error', message: result.message });
      },
      // Aborted: the page left or asked again; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, [reloadKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey asks for the figures again
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      api.community.summary({ signal: controller.signal }).then(
        (result) => {
          if (result.ok) setSummary(result.data);
        },
        // Aborted: the page left; anything else is logged.
        ignoreAbort,
      );
    void read();
    const timer = setInterval(read, SUMMARY_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [reloadKey]);

  useEffect(
    () =>
      communityEvents.listen((event) => {
        // A read in flight may have been answered before this change: read again.
        if (event.type === 'resync' || reading.current) {
          setReloadKey((key) => key + 1);
          return;
        }
        setFeed((current) => {
          if (current.status !== 'ready') return current;
          const posts =
            event.type === 'post'
              ? withPost(current.posts, event.post)
              : current.posts.filter((p) => p.id !== event.postId);
          return { ...current, posts };
        });
      }),
    [],
  );

  /** The page after `cursor` (the feed's `nextCursor`), appended without repeats. */
  const loadMore = useCallback(async (cursor: string) => {
    setFeed((current) => (current.status === 'ready' ? { ...current, loadingMore: true, moreError: '' } : current));
    const result = await api.community.feed({ query: { cursor } });
    setFeed((current) => {
      if (current.status !== 'ready') return current;
      if (!result.ok) return { ...current, loadingMore: false, moreError: result.message };
      const known = new Set(current.posts.map((p) => p.id));
      return {
        ...current,
        posts: [...current.posts, ...result.data.posts.filter((p) => !known.has(p.id))],
        nextCursor: result.data.nextCursor,
        loadingMore: false,
      };
    });
  }, []);

  /** A post changed by this member (a like) or created by them: kept in place. */
  const upsert = useCallback((post: TCommunityPost) => {
    setFeed((current) => (current.status === 'ready' ? { ...current, posts: withPost(current.posts, post) } : current));
  }, []);
  const drop = useCallback((id: string) => {
    setFeed((current) =>
      current.status === 'ready' ? { ...current, posts: current.posts.filter((p) => p.id !== id) } : current,
    );
  }, []);

  return { feed, summary, loadMore, upsert, drop, reload: () => setReloadKey((key) => key + 1) };
}

import { isFeatureLocked, type TCommunityPost, type TCommunitySummary } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Trophy, Users } from 'lucide-react';
import { useState } from 'react';
import { ContentLock } from '../../components/dashboard/content-lock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './community.module.css';
import { Composer } from './composer.js';
import { PostCard } from './post-card.js';
import { ReportedPosts } from './reported-posts.js';
import { useCommunity } from './use-community.js';

/**
 * Elite Network (/dashboard/community): members' own posts, live as they are written, with likes and
 * reports; member and online counts and a leaderboard from records. Members whose dashboard is not
 * unlocked are asked to verify their account; the server refuses them the same.
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  if (isFeatureLocked('community', user)) {
    return (
      <ContentLock
        icon={Users}
        title="Elite Network"
        message="Verify your account to join the Elite Network: fund your broker account and send the proof in Account Setup. Once an admin activates your account you can read and post here."
        testId="network-locked"
      />
    );
  }
  return <Network userId={user.id} admin={user.role === 'admin'} />;
}

function Network({ userId, admin }: { userId: string; admin: boolean }) {
  const { feed, summary, loadMore, upsert, drop, reload } = useCommunity();
  const [replyTo, setReplyTo] = useState<TCommunityPost | null>(null);
  return (
    <div className={pageStyles.page} data-testid="elite-network">
      <header className={pageStyles.pageHead}>
        <h1>
          <Users aria-hidden="true" size={26} /> Elite Network
        </h1>
        <p className={pageStyles.muted}>Updates from members. New posts appear as they are written.</p>
      </header>
      <div className={styles.layout}>
        <div className={pageStyles.stack}>
          <Composer onPosted={upsert} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
          {feed.status === 'loading' ? (
            <p className={clsx(panelStyles.panel, pageStyles.muted)} role="status">
              Loading posts...
            </p>
          ) : feed.status === 'error' ? (
            <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)} role="alert">
              <p>{feed.message}</p>
              <button type="button" className={buttonStyles.btn} onClick={reload}>
                Try again
              </button>
            </div>
          ) : (
            <>
              {feed.posts.length === 0 ? (
                <p className={clsx(panelStyles.panel, pageStyles.muted)}>
                  No posts yet. Be the first to share an update.
                </p>
              ) : (
                <ul className={styles.feed} aria-label="Posts" data-testid="community-feed">
                  {feed.posts.map((post) => (
                    <PostCard
                      key={post.id}
                      post={post}
                      mine={post.authorId === userId}
                      admin={admin}
                      onChanged={upsert}
                      onRemoved={(id) => {
                        drop(id);
                        if (replyTo?.id === id) setReplyTo(null);
                      }}
                      onReply={setReplyTo}
                    />
                  ))}
                </ul>
              )}
              {feed.nextCursor ? (
                <button
                  type="button"
                  className={buttonStyles.btn}
                  disabled={feed.loadingMore}
                  onClick={() => feed.nextCursor && loadMore(feed.nextCursor)}
                >
                  {feed.loadingMore ? 'Loading...' : 'Show older posts'}
                </button>
              ) : null}
              {feed.moreError ? (
                <p className={clsx(formStyles.alert, formStyles.alertError)}>{feed.moreError}</p>
              ) : null}
            </>
          )}
        </div>
        <div className={pageStyles.stack}>
          <Figures summary={summary} />
          {admin ? <ReportedPosts /> : null}
        </div>
      </div>
    </div>
  );
}

function Figures({ summary }: { summary: TCommunitySummary | null }) {
  return (
    <section className={panelStyles.panel} aria-labelledby="network-figures-title">
      <h2 id="network-figures-title">The network</h2>
      {!summary ? (
        <p className={pageStyles.muted} role="status">
          Loading...
        </p>
      ) : (
        <>
          <dl className={pageStyles.kv}>
            <div>
              <dt>Members</dt>
              <dd data-testid="network-members">{summary.members}</dd>
            </div>
            <div>
              <dt>Online now</dt>
              <dd data-testid="network-online">{summary.online}</dd>
            </div>
          </dl>
          <h3>
            <Trophy aria-hidden="true" size={18} /> Leaderboard
          </h3>
          <p className={pageStyles.small}>Ranks: {summary.leaderboardRanks}.</p>
          {summary.leaderboard.length === 0 ? (
            <p className={pageStyles.muted}>No likes yet this month.</p>
          ) : (
            <ol className={styles.leaderboard}>
              {summary.leaderboard.map((entry) => (
                <li key={entry.memberId}>
                  <span>{entry.name}</span>
                  <span>
                    {entry.likes} like{entry.likes === 1 ? '' : 's'}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}

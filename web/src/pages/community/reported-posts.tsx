import type { TAdminCommunityPost } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { ignoreAbort } from '../../api/client.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './community.module.css';
import { PostText } from './post-card.js';

/** Admins only: posts members reported, most reported first, to hide, show again or delete. */
export function ReportedPosts() {
  const [posts, setPosts] = useState<TAdminCommunityPost[] | null>(null);
  const [message, setMessage] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    api.community.reported({ signal: controller.signal }).then(
      (result) => {
        if (result.ok) setPosts(result.data);
        else setMessage(result.message);
      },
      // Aborted: the page left; anything else is logged.
      ignoreAbort,
    );
    return () => controller.abort();
  }, []);

  async function setHidden(post: TAdminCommunityPost, hidden: boolean) {
    const result = await api.community.hide({ params: { id: post.id }, body: { hidden } });
    setMessage(result.message);
    if (result.ok) setPosts((all) => all?.map((p) => (p.id === post.id ? result.data : p)) ?? null);
  }
  async function remove(post: TAdminCommunityPost) {
    if (!window.confirm('Delete this post for good?')) return;
    const result = await api.community.remove({ params: { id: post.id } });
    setMessage(result.message);
    if (result.ok) setPosts((all) => all?.filter((p) => p.id !== post.id) ?? null);
  }

  return (
    <section className={panelStyles.panel} aria-labelledby="reported-title" data-testid="reported-posts">
      <h2 id="reported-title">Reported posts (admins)</h2>
      {posts === null && !message ? (
        <p className={pageStyles.muted} role="status">
          Loading...
        </p>
      ) : null}
      {posts?.length === 0 ? <p className={pageStyles.muted}>No reported posts.</p> : null}
      <ul className={styles.reported}>
        {posts?.map((post) => (
          <li key={post.id}>
            <p className={pageStyles.small}>
              {post.authorName} · {post.reportCount} report{post.reportCount === 1 ? '' : 's'}
              {post.hidden ? ' · hidden' : ''}
            </p>
            <PostText body={post.body} />
            {post.reasons.length ? <p className={pageStyles.small}>Reasons: {post.reasons.join('; ')}</p> : null}
            <div className={pageStyles.actions}>
              <button type="button" className={buttonStyles.btn} onClick={() => setHidden(post, !post.hidden)}>
                {post.hidden ? 'Show again' : 'Hide'}
              </button>
              <button
                type="button"
                className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
                onClick={() => remove(post)}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {message ? (
        <p className={pageStyles.small} role="status">
          {message}
        </p>
      ) : null}
    </section>
  );
}

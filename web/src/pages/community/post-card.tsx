import { linkify, type TCommunityPost } from '@signalroom/shared';
import { clsx } from 'clsx';
import { EyeOff, Flag, Heart, Reply, Trash2 } from 'lucide-react';
import { useState } from 'react';
import * as api from '../../api/api.js';
import { formatForReader } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import styles from './community.module.css';

/** Post text as text nodes and safe anchors (http and https only): never as HTML. */
export function PostText({ body }: { body: string }) {
  return (
    <p className={styles.body}>
      {linkify(body).map((segment, index) =>
        segment.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <span key={index}>{segment.text}</span>
        ),
      )}
    </p>
  );
}

const when = (iso: string) => formatForReader(iso);

/** One post: author, time, text, likes; Report for members, Hide and Delete for admins. */
export function PostCard({
  post,
  mine,
  admin,
  onChanged,
  onRemoved,
  onReply,
}: {
  post: TCommunityPost;
  mine: boolean;
  admin: boolean;
  onChanged(post: TCommunityPost): void;
  onRemoved(id: string): void;
  /** Answer this post in the composer (its author is told). */
  onReply(post: TCommunityPost): void;
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');

  async function run<T>(
    action: () => Promise<{ ok: true; data: T; message: string } | { ok: false; message: string }>,
    after: (data: T, message: string) => void,
  ) {
    setBusy(true);
    setNote('');
    const result = await action();
    setBusy(false);
    if (result.ok) after(result.data, result.message);
    else setNote(result.message);
  }

  return (
    <li className={clsx(panelStyles.panel, styles.post)} data-testid="community-post">
      <header className={styles.postHead}>
        <span className={styles.avatar} aria-hidden="true">
          {post.authorName.charAt(0).toUpperCase()}
        </span>
        <strong>{post.authorName}</strong>
        <time className={pageStyles.small} dateTime={post.createdAt}>
          {when(post.createdAt)}
        </time>
      </header>
      {post.replyTo ? (
        <p className={pageStyles.small} data-testid="post-reply-to">
          Replying to {post.replyTo.authorName}
        </p>
      ) : null}
      <PostText body={post.body} />
      <div className={styles.postActions}>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
          aria-pressed={post.likedByMe}
          aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${post.likeCount} likes)`}
          disabled={busy}
          onClick={() =>
            run(
              () => api.community.like({ params: { id: post.id }, body: { liked: !post.likedByMe } }),
              (data) => onChanged(data),
            )
          }
        >
          <Heart aria-hidden="true" size={16} className={clsx(post.likedByMe && styles.liked)} /> {post.likeCount}
        </button>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
          disabled={busy}
          onClick={() => onReply(post)}
        >
          <Reply aria-hidden="true" size={16} /> Reply
          <span className={textStyles.srOnly}> to {post.authorName}</span>
        </button>
        {mine ? null : (
          <button
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
            disabled={busy}
            onClick={() =>
              run(
                () => api.community.report({ params: { id: post.id }, body: { reason: '' } }),
                (_data, message) => setNote(message),
              )
            }
          >
            <Flag aria-hidden="true" size={16} /> Report
          </button>
        )}
        {admin ? (
          <>
            <button
              type="button"
              className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
              disabled={busy}
              onClick={() =>
                run(
                  () => api.community.hide({ params: { id: post.id }, body: { hidden: true } }),
                  () => onRemoved(post.id),
                )
              }
            >
              <EyeOff aria-hidden="true" size={16} /> Hide
            </button>
            <button
              type="button"
              className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
              disabled={busy}
              onClick={() => {
                if (window.confirm('Delete this post for good?'))
                  void run(
                    () => api.community.remove({ params: { id: post.id } }),
                    () => onRemoved(post.id),
                  );
              }}
            >
              <Trash2 aria-hidden="true" size={16} /> Delete
            </button>
          </>
        ) : null}
      </div>
      {note ? (
        <p className={pageStyles.small} role="status">
          {note}
        </p>
      ) : null}
    </li>
  );
}

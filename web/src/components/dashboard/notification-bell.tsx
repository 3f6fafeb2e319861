import {
  describeNotification,
  NotificationMessages,
  notificationBellLabel,
  type TNotification,
  unreadBadgeText,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { type CSSProperties, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useNotificationsStore } from '../../stores/notifications.store.js';
import { type MomentFormat, useClock } from '../clock/use-clock.js';
import buttonStyles from '../ui/button.module.css';
import textStyles from '../ui/text.module.css';
import styles from './notification-bell.module.css';

/**
 * The header's bell: the unread count in its name and on its badge, kept live by the socket, and a panel
 * of the member's notifications (newest first, each with its time and a link to the page it concerns,
 * read one by one or all at once). The panel is a non-modal dialog: it takes focus when it opens, and
 * Escape, a click outside or a link closes it.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const [top, setTop] = useState(0);
  const unread = useNotificationsStore((s) => s.unreadCount);
  const status = useNotificationsStore((s) => s.status);
  const load = useNotificationsStore((s) => s.load);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const id = useId();

  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on route change by design
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    headingRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  function toggle() {
    if (!open) {
      // Below the header, wherever the bell sits in it.
      const header = buttonRef.current?.closest('header');
      setTop(Math.round((header ?? buttonRef.current)?.getBoundingClientRect().bottom ?? 0) + 4);
      if (status === 'error') void load();
    }
    setOpen(!open);
  }

  return (
    <div className={styles.bell}>
      <button
        ref={buttonRef}
        type="button"
        className={clsx(buttonStyles.iconBtn, styles.bellButton)}
        aria-label={notificationBellLabel(unread)}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        aria-haspopup="dialog"
        onClick={toggle}
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" size={20} />
        {unread > 0 ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
            {unreadBadgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          className={styles.panel}
          style={{ '--panel-top': `${top}px` } as CSSProperties}
          role="dialog"
          aria-labelledby={`${id}-title`}
          data-testid="notification-panel"
        >
          <NotificationsPanel titleId={`${id}-title`} headingRef={headingRef} onNavigate={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}

function NotificationsPanel({
  titleId,
  headingRef,
  onNavigate,
}: {
  titleId: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onNavigate(): void;
}) {
  const { status, items, unreadCount, hasMore, error, loadingMore, actionError } = useNotificationsStore();
  const { load, loadMore, markRead, markAllRead } = useNotificationsStore.getState();
  const { format } = useClock();

  return (
    <>
      <div className={styles.panelHead}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Notifications
        </h2>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnGhost, styles.smallBtn)}
          disabled={unreadCount === 0 || status !== 'ready'}
          onClick={() => void markAllRead()}
        >
          Mark all read
        </button>
      </div>
      {status === 'loading' || status === 'idle' ? (
        <p className={styles.state} role="status">
          Loading notifications...
        </p>
      ) : status === 'error' ? (
        <div className={styles.state} role="alert">
          <p>{error}</p>
          <button type="button" className={clsx(buttonStyles.btn, styles.smallBtn)} onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className={styles.state} data-testid="notifications-empty">
          {NotificationMessages.empty}
        </p>
      ) : (
        <ul className={styles.list} aria-label="Newest first">
          {items.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              format={format}
              onOpen={() => {
                void markRead(notification.id);
                onNavigate();
              }}
              onRead={() => void markRead(notification.id)}
            />
          ))}
        </ul>
      )}
      {actionError ? (
        <p className={styles.actionError} role="alert">
          {actionError}
        </p>
      ) : null}
      {status === 'ready' && hasMore ? (
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnGhost, styles.more)}
          disabled={loadingMore}
          onClick={() => void loadMore()}
        >
          {loadingMore ? 'Loading...' : 'Show older'}
        </button>
      ) : null}
    </>
  );
}

function NotificationItem({
  notification,
  format,
  onOpen,
  onRead,
}: {
  notification: TNotification;
  format: MomentFormat;
  onOpen(): void;
  onRead(): void;
}) {
  const { title, text, href } = describeNotification(notification, (at) => format(at, { withDate: true }));
  const unread = notification.readAt === null;
  return (
    <li className={clsx(styles.item, unread && styles.unread)} data-testid="notification-item" data-unread={unread}>
      <Link to={href} className={styles.itemLink} onClick={onOpen}>
        {unread ? <span className={textStyles.srOnly}>Unread: </span> : null}
        {title}
      </Link>
      <p className={styles.text}>{text}</p>
      <div className={styles.itemFoot}>
        <time dateTime={notification.createdAt} className={styles.time}>
          {format(notification.createdAt)}
        </time>
        {unread ? (
          <button
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnGhost, styles.smallBtn)}
            onClick={onRead}
          >
            Mark read<span className={textStyles.srOnly}>: {title}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

import { type LockablePage, type LockReason, lockedPageCopy, TIMING } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CircleCheck, Lock, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import * as api from '../../api/api.js';
import buttonStyles from '../ui/button.module.css';
import panelStyles from '../ui/panel.module.css';
import pageStyles from './dashboard-page.module.css';
import styles from './locked-feature-page.module.css';

interface LockedFeaturePageProps {
  /** Which page is locked and why: the overlay's wording and actions come from one shared rule. */
  page: LockablePage;
  reason: LockReason;
  icon: LucideIcon;
  title: string;
  description: string;
  features: readonly string[];
  /** What the blurred preview shows; it is decoration behind the overlay, hidden from assistive tech. */
  preview: ReactNode;
  /**
   * Where the page scrolls, the overlay appears once the reader has scrolled more than 200 px; otherwise
   * it shows at once.
   */
  scrollReveal?: boolean;
}

/**
 * The shared locked-feature page: icon, title, description, a blurred preview, an overlay that says
 * what is missing (activation: 'Activate Elite Access' and 'Contact Elite Support'; a tier: the upgrade
 * path), and the feature list. The member count is the platform's real count (GET /api/stats/public),
 * never a marketing figure.
 */
export function LockedFeaturePage({
  page,
  reason,
  icon: Icon,
  title,
  description,
  features,
  preview,
  scrollReveal = false,
}: LockedFeaturePageProps) {
  const [revealed, setRevealed] = useState(!scrollReveal);
  const members = useMemberCount();
  const copy = lockedPageCopy(page, reason);

  useEffect(() => {
    if (!scrollReveal) return;
    const main = document.getElementById('dashboard-main');
    const read = () => Math.max(window.scrollY, main?.scrollTop ?? 0);
    const onScroll = () => {
      if (read() > TIMING.scrollOverlayThresholdPx) setRevealed(true);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    main?.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      main?.removeEventListener('scroll', onScroll);
    };
  }, [scrollReveal]);

  return (
    <section
      className={styles.lockedPage}
      aria-labelledby="locked-title"
      data-testid="locked-feature-page"
      data-lock-reason={reason}
    >
      <header className={styles.lockedPageHead}>
        <span className={styles.lockedPageIcon} aria-hidden="true">
          <Icon size={28} />
        </span>
        <div>
          <h1 id="locked-title">{title}</h1>
          <p className={pageStyles.muted}>{description}</p>
        </div>
      </header>
      <div className={styles.lockedPageStage}>
        <div className={styles.lockedPagePreview} aria-hidden="true" inert>
          {preview}
        </div>
        {revealed ? (
          <section className={styles.lockedOverlay} aria-label="Locked feature">
            <Lock aria-hidden="true" size={32} className={styles.lockedOverlayLock} />
            <h2>{copy.heading}</h2>
            <p>{copy.message}</p>
            <div className={styles.lockedOverlayActions}>
              <Link to={copy.primary.to} className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}>
                {copy.primary.label}
              </Link>
              <Link to={copy.secondary.to} className={buttonStyles.btn}>
                {copy.secondary.label}
              </Link>
            </div>
            {members !== null && members > 0 && (
              <p className={clsx(pageStyles.muted, pageStyles.small)} data-testid="member-count">
                {members.toLocaleString('en-US')} {members === 1 ? 'member has' : 'members have'} joined so far.
              </p>
            )}
          </section>
        ) : (
          <p className={clsx(styles.lockedPageHint, pageStyles.muted)}>
            Scroll down to see how to unlock this feature.
          </p>
        )}
      </div>
      <div className={panelStyles.panel}>
        <h2>What you get</h2>
        <ul className={pageStyles.checkList}>
          {features.map((feature) => (
            <li key={feature}>
              <CircleCheck aria-hidden="true" size={18} />
              {feature}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The platform's real member count, or null when it is not available (then nothing is claimed). */
function useMemberCount(): number | null {
  const [members, setMembers] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    void api.signals.publicStats().then((result) => {
      if (!cancelled && result.ok) setMembers(result.data.members);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return members;
}

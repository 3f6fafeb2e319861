import { type LockablePage, type LockReason, lockedPageCopy, TIMING } from '@signalroom/shared';
import { CircleCheck, Lock, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { fetchPublicStats } from '../../api/public.api.js';

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
   * it shows at once (spec section 2).
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
      className="locked-page"
      aria-labelledby="locked-title"
      data-testid="locked-feature-page"
      data-lock-reason={reason}
    >
      <header className="locked-page__head">
        <span className="locked-page__icon" aria-hidden="true">
          <Icon size={28} />
        </span>
        <div>
          <h1 id="locked-title">{title}</h1>
          <p className="muted">{description}</p>
        </div>
      </header>
      <div className="locked-page__stage">
        <div className="locked-page__preview" aria-hidden="true" inert>
          {preview}
        </div>
        {revealed ? (
          <section className="locked-overlay" aria-label="Locked feature">
            <Lock aria-hidden="true" size={32} className="locked-overlay__lock" />
            <h2>{copy.heading}</h2>
            <p>{copy.message}</p>
            <div className="locked-overlay__actions">
              <Link to={copy.primary.to} className="btn btn-primary">
                {copy.primary.label}
              </Link>
              <Link to={copy.secondary.to} className="btn">
                {copy.secondary.label}
              </Link>
            </div>
            {members !== null && members > 0 && (
              <p className="muted small" data-testid="member-count">
                {members.toLocaleString('en-US')} {members === 1 ? 'member has' : 'members have'} joined so far.
              </p>
            )}
          </section>
        ) : (
          <p className="locked-page__hint muted">Scroll down to see how to unlock this feature.</p>
        )}
      </div>
      <div className="panel locked-page__features">
        <h2>What you get</h2>
        <ul className="check-list">
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
    void fetchPublicStats().then((result) => {
      if (!cancelled && result.ok) setMembers(result.data.members);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return members;
}

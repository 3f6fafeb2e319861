/** The header's live badge, its own element so its wording can change without touching the header. */
export function LiveBadge() {
  return (
    <span className="live-badge">
      <span className="live-dot" aria-hidden="true" />
      AI ACTIVE | TRADING LIVE
    </span>
  );
}

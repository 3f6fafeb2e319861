import { formatPercent, levelName, type TRate, type TWinRateEvidence } from '@signalroom/shared';
import { Link } from 'react-router-dom';
import { EvidenceNote as BaseEvidenceNote } from '../evidence/evidence-note.js';
import styles from './win-rates.module.css';

/** "8 of 12 · 95% CI 39.1–86.2%": the sample and interval a rate is never shown without. */
function sampleText(rate: TRate): string {
  return `${rate.won} of ${rate.total} · 95% CI ${rate.low}–${rate.high}%`;
}

function RateFigure({ rate }: { rate: TRate }) {
  if (rate.percent === null) return <dd>–</dd>;
  return (
    <>
      <dd>{formatPercent(rate.percent)}</dd>
      <dd className={styles.sample}>{sampleText(rate)}</dd>
    </>
  );
}

/**
 * The two win rates, always labelled and each with its count and 95% Wilson interval
 * (docs/decisions.md, "Win rate: two of them"): won in the first window (level 0) first, won with
 * martingale recovery (any level) beside it. Inside a `<dl>`; EvidenceNote says what they are worth.
 */
export function WinRates({ evidence }: { evidence: TWinRateEvidence }) {
  return (
    <>
      <div data-stat="win-first-window">
        <dt>Won in first window</dt>
        <RateFigure rate={evidence.firstWindow} />
      </div>
      <div data-stat="win-with-martingale">
        <dt>Won with martingale recovery</dt>
        <RateFigure rate={evidence.withMartingale} />
      </div>
    </>
  );
}

/** The evidence beside a dashboard's win rates, its link to the rules page inside the app. */
export function EvidenceNote({ evidence, className }: { evidence: TWinRateEvidence; className?: string }) {
  return (
    <BaseEvidenceNote
      evidence={evidence}
      className={className}
      rulesLink={<Link to="/strategy">the strategy's rules</Link>}
    />
  );
}

/** Wins per martingale level as one line: "Wins by level: first window 3 · L1 1 · L2 0 · L3 0". */
export function winsByLevelText(winsByLevel: readonly number[]): string {
  return `Wins by level: ${winsByLevel.map((wins, level) => `${levelName(level)} ${wins}`).join(' · ')}`;
}

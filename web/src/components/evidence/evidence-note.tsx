import { evidenceSentences, type TWinRateEvidence } from '@signalroom/shared';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import styles from './evidence-note.module.css';

/**
 * What the win rates are worth at the operator's payout: the break-even win rate, each rate with its
 * sample and interval and whether that interval is clear of break-even ("not yet distinguishable from
 * break-even" while it is not), and the expected value per unit staked with and without the martingale
 * plan. Shown beside every win rate. No router here (the landing page has none): the caller gives the
 * link to the strategy's rules.
 */
export function EvidenceNote({
  evidence,
  rulesLink,
  className,
}: {
  evidence: TWinRateEvidence;
  rulesLink: ReactNode;
  className?: string | undefined;
}) {
  const sentences = evidenceSentences(evidence);
  return (
    <div className={clsx(styles.note, className)} data-testid="win-rate-evidence">
      <p data-evidence="break-even">{sentences.breakEven}</p>
      {sentences.firstWindow ? <p data-evidence="first-window">{sentences.firstWindow}</p> : null}
      {sentences.withMartingale ? <p data-evidence="with-martingale">{sentences.withMartingale}</p> : null}
      {sentences.expectedValue ? <p data-evidence="expected-value">{sentences.expectedValue}</p> : null}
      <p>How the signals are made: {rulesLink}.</p>
    </div>
  );
}

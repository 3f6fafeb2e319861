import type { TJournalFigures } from '@signalroom/shared';
import { clsx } from 'clsx';
import pageStyles from '../dashboard/dashboard-page.module.css';
import { evText, slippageText, versusRecordText, winRateText } from './figure-text.js';
import styles from './journal.module.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The member's own figures, each saying what it counts, with its sample and 95% interval. A figure with
 * nothing behind it says so instead of showing a number; with no settled trade at all, only that.
 */
export function JournalFigures({ figures, recordWithheld }: { figures: TJournalFigures; recordWithheld: boolean }) {
  const tally = `${count(figures.journaled, 'signal', 'signals')} journaled: ${figures.taken} taken (${figures.settled} with a result), ${figures.skipped} skipped.`;
  if (figures.settled === 0) {
    return (
      <div data-testid="journal-figures">
        <p data-testid="journal-empty">No settled trades yet: journal a signal or import your broker's history.</p>
        {figures.journaled > 0 ? <p className={pageStyles.muted}>{tally}</p> : null}
      </div>
    );
  }
  const versus = figures.versusRecord;
  const rows = [
    {
      label: 'Your win rate',
      text: winRateText(figures.winRate),
      none: 'No settled trade to count yet.',
    },
    {
      label: 'EV',
      text: evText(figures.evPerStake),
      none: 'No settled trade to count yet.',
    },
    {
      label: 'Slippage',
      text: slippageText(figures.slippageBp),
      none: "No fill price to set beside a signal's entry yet: add the price you were filled at when you journal a trade.",
    },
    {
      label:
        versus.yours.total > 0
          ? `Against the record on the same ${count(versus.yours.total, 'signal', 'signals')}`
          : 'Against the record',
      text: versusRecordText(versus),
      none: recordWithheld
        ? "The record's figures are withheld while it does not hold: there is nothing of it to compare with."
        : 'None of your settled trades is on a signal the record has counted yet.',
    },
  ];
  return (
    <div data-testid="journal-figures">
      <p className={pageStyles.muted}>{tally}</p>
      <dl className={styles.figures}>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.text ?? <span className={pageStyles.muted}>{row.none}</span>}</dd>
          </div>
        ))}
      </dl>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>
        A trade is won when its result is above 0; EV is what a trade paid per unit of its stake. Slippage is your fill
        against the signal's logged entry, in basis points. The record's rate is the first-window win rate of the same
        signals.
      </p>
    </div>
  );
}

import type { TJournalEntry } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useClock } from '../clock/use-clock.js';
import pageStyles from '../dashboard/dashboard-page.module.css';
import { formatClock, formatPrice } from '../dashboard/signal-format.js';
import { signed } from './figure-text.js';

/** How many of the latest entries the Command Center lists (the figures count them all). */
const SHOWN = 10;

/** An entry's result in the colour of a win or a loss, or a dash while it has none. */
function ResultCell({ result }: { result: number | null }) {
  if (result === null) return <span className={pageStyles.muted}>–</span>;
  const outcome = result > 0 ? 'profit' : result < 0 ? 'loss' : 'breakeven';
  return <span className={pageStyles[`outcome--${outcome}`]}>{signed(result, 2)}</span>;
}

/** Where and when the member was filled, as far as they said: "1.08460 at 10:05:03", "at 10:05:03", "–". */
function fillText(entry: TJournalEntry, timeZone: string): string {
  const price = entry.fillPrice === null ? '' : formatPrice(entry.fillPrice);
  const time = entry.filledAt ? `at ${formatClock(entry.filledAt, timeZone)}` : '';
  return [price, time].filter(Boolean).join(' ') || '–';
}

/** The latest journal entries, newest signal first, times on the member's clock. */
export function JournalEntriesTable({ entries, total }: { entries: TJournalEntry[]; total: number }) {
  const { timeZone } = useClock();
  if (entries.length === 0) return <p className={pageStyles.muted}>Nothing journaled yet.</p>;
  const shown = entries.slice(0, SHOWN);
  return (
    <>
      <h3 id="journal-latest-title">
        Latest entries ({shown.length} of {total})
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={pageStyles.tableWrap} tabIndex={0} aria-labelledby="journal-latest-title">
        <table className={pageStyles.table} data-testid="journal-entries">
          <thead>
            <tr>
              <th scope="col">Signal</th>
              <th scope="col">Direction</th>
              <th scope="col">Window start</th>
              <th scope="col">You</th>
              <th scope="col">Stake</th>
              <th scope="col">Fill</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr key={entry.signalId}>
                <th scope="row">{entry.asset}</th>
                <td>
                  <span className={clsx(pageStyles.dir, pageStyles[`dir--${entry.direction.toLowerCase()}`])}>
                    {entry.direction}
                  </span>
                </td>
                <td>{formatClock(entry.windowStart, timeZone, false)}</td>
                <td>
                  {entry.taken ? 'Taken' : 'Skipped'}
                  {entry.source === 'import' ? <span className={pageStyles.muted}> (imported)</span> : null}
                </td>
                <td>{entry.stake === null ? '–' : entry.stake.toFixed(2)}</td>
                <td>{fillText(entry, timeZone)}</td>
                <td>
                  <ResultCell result={entry.result} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

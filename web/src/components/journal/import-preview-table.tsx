import { clsx } from 'clsx';
import { useClock } from '../clock/use-clock.js';
import pageStyles from '../dashboard/dashboard-page.module.css';
import { formatClock } from '../dashboard/signal-format.js';
import buttonStyles from '../ui/button.module.css';
import formStyles from '../ui/form.module.css';
import { type PreviewRow, previewCount } from './import-preview.js';
import styles from './journal.module.css';
import type { TradeImportFlow } from './use-trade-import.js';

/**
 * The checked rows: each as the file wrote it, with the signal it matched (on the member's clock) or
 * its problem in red; the count; and the import, which waits until no row has a problem (the server
 * writes every row or none), or the rows with problems left out.
 */
export function ImportPreview({ flow, preview }: { flow: TradeImportFlow; preview: PreviewRow[] }) {
  const { timeZone } = useClock();
  const { matched, bad, text } = previewCount(preview);
  const busy = flow.busy !== null;
  return (
    <div className={formStyles.compactForm} data-testid="import-preview">
      <p data-testid="import-count">
        <strong>{text}</strong>
        {bad > 0 ? '. Leave those out, or fix them in the file and choose it again.' : '.'}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={pageStyles.tableWrap} tabIndex={0} aria-label="Checked rows of the file">
        <table className={pageStyles.table}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Time</th>
              <th scope="col">Instrument</th>
              <th scope="col">Direction</th>
              <th scope="col">Stake</th>
              <th scope="col">Result</th>
              <th scope="col">Signal</th>
            </tr>
          </thead>
          <tbody>
            {preview.map(({ row, match, problem }) => (
              <tr key={row.line} data-testid="import-row">
                <th scope="row">{row.line}</th>
                <td>{row.time}</td>
                <td>{row.instrument}</td>
                <td>{row.direction}</td>
                <td>{row.stake}</td>
                <td>{row.result}</td>
                <td className={clsx(styles.wrap, problem && styles.problem)} data-testid="import-verdict">
                  {match ? `${match.asset}, ${formatClock(match.windowStart, timeZone, false)}` : problem}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className={styles.steps}>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={busy || bad > 0 || matched === 0}
          onClick={() => void flow.importChecked()}
        >
          {flow.busy === 'importing' ? 'Importing...' : `Import ${matched} ${matched === 1 ? 'trade' : 'trades'}`}
        </button>
        {bad > 0 ? (
          <button type="button" className={buttonStyles.btn} disabled={busy} onClick={flow.leaveOutProblems}>
            Leave out the {bad} {bad === 1 ? 'row' : 'rows'} with problems
          </button>
        ) : null}
      </div>
    </div>
  );
}

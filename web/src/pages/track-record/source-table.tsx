import { EvidenceWords, formatUnits, type TSourceRecord } from '@signalroom/shared';
import { useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { isAbort } from '../../api/client.js';
import { formatRate } from '../../components/charts/chart-scale.js';
import publicStyles from '../../components/public/public-page.module.css';
import styles from './track-record.module.css';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; sources: TSourceRecord[] }
  | { status: 'error'; message: string };

const fmt = new Intl.NumberFormat('en-US');

/**
 * Each source's own record: every analyst on the desk and every model, with its counts, its first-window
 * rate and interval, the break-even at the payout, whether the two can be told apart yet, and the
 * expected value per unit with and without the martingale plan.
 */
export function SourceTable() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api.desk
      .sources({ signal: controller.signal })
      .then((result) =>
        setLoad(result.ok ? { status: 'ready', sources: result.data } : { status: 'error', message: result.message }),
      )
      .catch((error: unknown) => {
        if (!isAbort(error)) setLoad({ status: 'error', message: 'The records per source could not be loaded.' });
      });
    return () => controller.abort();
  }, []);

  if (load.status === 'loading') return <p className={publicStyles.muted}>Loading the records per source…</p>;
  if (load.status === 'error') return <p role="alert">{load.message}</p>;
  if (load.sources.length === 0) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={styles.tableWrap} aria-label="By source" tabIndex={0} data-testid="source-table">
      <table className={styles.table}>
        <caption>By source (each analyst and each model keeps its own record)</caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Issued</th>
            <th scope="col">Resolved</th>
            <th scope="col">Won in first window</th>
            <th scope="col">Break-even</th>
            <th scope="col">Against break-even</th>
            <th scope="col">Expected value per unit (first window / martingale)</th>
          </tr>
        </thead>
        <tbody>
          {load.sources.map((s) => {
            const first = s.evidence.firstWindow;
            const martingale = s.evidence.withMartingale;
            return (
              <tr key={s.source}>
                <th scope="row">{s.label}</th>
                <td>{fmt.format(s.issued)}</td>
                <td>
                  {fmt.format(s.resolved)}
                  {s.void > 0 ? ` (${fmt.format(s.void)} void)` : ''}
                </td>
                <td>
                  {first.total > 0
                    ? `${fmt.format(first.won)} of ${fmt.format(first.total)}, ${formatRate(first)}`
                    : formatRate(first)}
                </td>
                <td>{first.breakEven}%</td>
                <td>{first.verdict ? EvidenceWords[first.verdict] : 'no resolved signal yet'}</td>
                <td>
                  {first.expectedValue === null || martingale.expectedValue === null
                    ? '–'
                    : `${formatUnits(first.expectedValue)} / ${formatUnits(martingale.expectedValue)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

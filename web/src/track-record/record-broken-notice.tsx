import { clsx } from 'clsx';
import styles from './record-notices.module.css';

/**
 * What every published figure shows while figures are withheld (the log does not hold, a witness
 * refused it, or no quorum of witnesses cosigned it lately): that, not numbers nothing vouches for.
 */
export function RecordBrokenNotice({ className }: { className?: string }) {
  return (
    <p className={clsx(styles.withheld, className)} role="alert" data-testid="record-broken">
      Figures are withheld: the track record is not witnessed right now, or its own check fails.{' '}
      <a href="/track-record">See why on the track record</a>.
    </p>
  );
}

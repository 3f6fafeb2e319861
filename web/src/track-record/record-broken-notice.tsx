import { clsx } from 'clsx';
import styles from './record-notices.module.css';

/**
 * What every published figure shows while the server's own check finds the track record broken: the
 * break, not numbers that no intact record backs.
 */
export function RecordBrokenNotice({ className }: { className?: string }) {
  return (
    <p className={clsx(styles.withheld, className)} role="alert" data-testid="record-broken">
      The track record is broken (the server's own check fails), so its figures are withheld until it is whole again.{' '}
      <a href="/track-record">See the track record</a>.
    </p>
  );
}

import type { TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useEffect, useId, useRef } from 'react';
import { SignalChart } from '../../components/dashboard/signal-chart.js';
import { formatClock } from '../../components/dashboard/signal-format.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './signal-room.module.css';

/**
 * A previous signal's chart in a modal: the browser keeps focus inside it and Escape closes it; closing
 * gives focus back to the control that opened it.
 */
export function SignalChartDialog({
  signal,
  timeZone,
  onClose,
}: {
  signal: TSignal;
  timeZone: string | undefined;
  onClose(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);

  return (
    <dialog
      ref={ref}
      className={clsx(panelStyles.panel, styles.chartDialog)}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="signal-chart-dialog"
    >
      <div className={styles.chartDialogHead}>
        <h2 id={titleId}>
          {signal.asset} {signal.direction}, {formatClock(signal.createdAt, timeZone, false)}
        </h2>
        <button type="button" className={buttonStyles.btn} onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      <SignalChart signal={signal} timeZone={timeZone} testId="signal-chart" />
    </dialog>
  );
}

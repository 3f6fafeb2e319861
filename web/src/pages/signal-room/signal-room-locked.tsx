import type { LockReason } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Activity } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { LockedFeaturePage } from '../../components/dashboard/locked-feature-page.js';

/**
 * The signal room's locked preview: shapes only behind the blur, no figures that could be read as real.
 * Its overlay says what is missing (the shared lock rule): activation, or, after a trial, that the trial
 * of delayed signals has ended and how to activate.
 */
export function SignalRoomLocked({ reason }: { reason: LockReason }) {
  return (
    <LockedFeaturePage
      page="signals"
      reason={reason}
      icon={Activity}
      title="Elite Signal Room"
      description="A momentum-model signal every 5 minutes with a martingale plan, pushed to you the moment it is issued."
      features={[
        'A new signal every 5 minutes',
        'Direction, confidence and expiry on every signal',
        'Martingale plan with entry and expiry times',
        'Performance counted from resolved signals',
      ]}
      preview={<SkeletonRoom />}
    />
  );
}

function SkeletonRoom() {
  return (
    <div className={pageStyles.skeletonRoom}>
      <div className={clsx(pageStyles.skeleton, pageStyles.skeletonTitle)} />
      <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
      <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
    </div>
  );
}

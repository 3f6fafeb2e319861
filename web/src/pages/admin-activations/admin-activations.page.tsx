import { ActivationMessages, PROOF_LIMITS, PROOF_STATUSES, type ProofStatus } from '@signalroom/shared';
import { clsx } from 'clsx';
import { BadgeCheck, RefreshCw } from 'lucide-react';
import { AdminMessages } from '../../components/dashboard/admin-messages.js';
import { AdminNav } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { ListPager } from '../../components/dashboard/list-pager.js';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { ActivationCard } from './activation-card.js';
import styles from './admin-activations.module.css';
import { useAdminActivations } from './use-admin-activations.js';

const TAB_LABELS: Record<ProofStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/**
 * Admin activations (/dashboard/admin/activations): the review queue of proofs of deposit, oldest first,
 * with approve (with a tier) and reject (with a reason); the approved and rejected history beside it. New
 * proofs appear live. Only admins see it; the server enforces the same on every call.
 */
function AdminActivations() {
  const state = useAdminActivations();
  if (state.forbidden) return <AdminsOnly />;
  const { list } = state;

  let body: React.ReactNode;
  if (list.status === 'loading') {
    body = (
      <div
        className={pageStyles.skeletonRoom}
        role="status"
        aria-label="Loading proofs"
        data-testid="activations-loading"
      >
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
        <div className={clsx(pageStyles.skeleton, pageStyles.skeletonRow)} />
      </div>
    );
  } else if (list.status === 'error') {
    body = (
      <div className={clsx(pageStyles.state, pageStyles.stateError)} data-testid="activations-error">
        <p>Proofs could not be loaded.</p>
        <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={state.reload}>
          <RefreshCw aria-hidden="true" size={18} /> Try again
        </button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = (
      <p className={clsx(pageStyles.state, pageStyles.muted)} data-testid="activations-empty">
        {state.status === 'pending' ? ActivationMessages.noPending : ActivationMessages.noReviewed}
      </p>
    );
  } else {
    body = (
      <div className={styles.list}>
        {list.items.map((item) => (
          <ActivationCard
            key={item.id}
            item={item}
            busy={state.busy.has(item.id)}
            onApprove={state.approve}
            onReject={state.reject}
            onFileError={(message) => state.showAlert(message)}
          />
        ))}
      </div>
    );
  }

  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-activations">
      <header className={pageStyles.pageHead}>
        <h1>
          <BadgeCheck aria-hidden="true" size={26} /> Activations
        </h1>
        <p className={pageStyles.muted}>
          Check each member's proof of deposit, then approve with a tier or reject with a reason. Members see the
          decision at once and by e-mail.
        </p>
      </header>
      <AdminNav />

      <AdminMessages
        testId="activations"
        messages={state}
        regionClassName={styles.alertRegion}
        alertClassName={styles.alert}
      />

      <fieldset className={styles.tabs}>
        <legend className={textStyles.srOnly}>Show proofs</legend>
        {PROOF_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={clsx(buttonStyles.btn, state.status === status && buttonStyles.btnPrimary)}
            aria-pressed={state.status === status}
            onClick={() => state.setStatus(status)}
          >
            {TAB_LABELS[status]}
            {status === state.status && list.status === 'ready' ? ` (${list.pagination.total})` : ''}
          </button>
        ))}
      </fieldset>

      <section aria-label={`${TAB_LABELS[state.status]} proofs`} aria-busy={list.status === 'loading'}>
        {body}
      </section>

      {list.status === 'ready' && list.items.length > 0 && (
        <ListPager
          label="Proof list pages"
          page={state.page}
          pageSize={PROOF_LIMITS.pageSize}
          pagination={list.pagination}
          setPage={state.setPage}
        />
      )}
    </div>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { AdminActivations as Component };

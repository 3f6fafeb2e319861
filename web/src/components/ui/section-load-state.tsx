import pageStyles from '../dashboard/dashboard-page.module.css';
import buttonStyles from './button.module.css';

/** The read of a settings list: under way, failed with the server's message, or done. */
export type SectionPhase = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'ready' };

/**
 * What a settings list shows before it has its rows: "Loading <what>..." while it reads, or the failure
 * with Try again. Nothing once the rows are there (the section draws them).
 */
export function SectionLoadState({ state, what, onRetry }: { state: SectionPhase; what: string; onRetry(): void }) {
  if (state.phase === 'loading') {
    return (
      <p className={pageStyles.muted} role="status">
        Loading {what}...
      </p>
    );
  }
  if (state.phase === 'error') {
    return (
      <div className={pageStyles.stateError} role="alert">
        <p>{state.message}</p>
        <button type="button" className={buttonStyles.btn} onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  return null;
}

import { clsx } from 'clsx';
import buttonStyles from '../ui/button.module.css';
import textStyles from '../ui/text.module.css';
import publicStyles from './public-page.module.css';
import type { RefreshedState } from './use-refreshed.js';

/**
 * What a public read shows until its data is there: a spinner with `loading` while the first read runs,
 * the failure with a retry when it failed. Nothing once ready (the caller shows the data).
 */
export function RefreshedStatus({
  state,
  retry,
  loading,
  alertClassName,
}: {
  state: RefreshedState<unknown>;
  retry: () => void;
  loading: string;
  alertClassName?: string;
}) {
  if (state.status === 'loading') {
    return (
      <p className={publicStyles.muted} role="status">
        <span className={clsx(textStyles.spinner, textStyles.spinnerSmall)} aria-hidden="true" /> {loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <p role="alert" className={alertClassName}>
        {state.message}{' '}
        <button type="button" className={buttonStyles.linkBtn} onClick={retry}>
          Retry
        </button>
      </p>
    );
  }
  return null;
}

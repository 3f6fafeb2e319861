import {
  describeOfferWindow,
  OFFER_WINDOW_LIMITS,
  type OfferWindowForm,
  type OfferWindowFormErrors,
  offerWindowFormOf,
  parseOfferWindowForm,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { TimerReset } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import styles from './admin-offer.module.css';

/** The warning of the confirm step: the deadline is public. */
export const RESET_WARNING =
  'This changes the deadline every visitor sees on the landing page and the bot-access banner.';

interface Props {
  /** The window the boxes start with (the configured default, 8 h). */
  defaultMinutes: number;
  /** True while the reset call runs. */
  busy: boolean;
  /** The server's message for the duration when it refused one. */
  serverError: string | null;
  /** Sends the reset; resolves true when the server set the new deadline. */
  onReset(durationMinutes: number): Promise<boolean>;
}

/**
 * Start a new offer window: hours and minutes, checked by the shared offer-window rule (the server checks it
 * again), then a confirm step that says who sees the change, then the call.
 */
export function OfferWindowFormPanel({ defaultMinutes, busy, serverError, onReset }: Props) {
  const [form, setForm] = useState<OfferWindowForm>(() => offerWindowFormOf(defaultMinutes));
  const [errors, setErrors] = useState<OfferWindowFormErrors>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const hoursRef = useRef<HTMLInputElement>(null);
  const ids = { hours: useId(), minutes: useId(), hint: useId(), total: useId(), confirm: useId() };

  // Focus follows the step: to the confirm button when it appears, back to the boxes when it goes.
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming !== null) confirmRef.current?.focus();
    else if (wasConfirming.current) hoursRef.current?.focus();
    wasConfirming.current = confirming !== null;
  }, [confirming]);

  const totalError = errors.durationMinutes ?? serverError;

  function update(field: keyof OfferWindowForm, value: string) {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, durationMinutes: undefined }));
  }

  function review(event: React.FormEvent) {
    event.preventDefault();
    const result = parseOfferWindowForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      hoursRef.current?.focus();
      return;
    }
    setErrors({});
    setConfirming(result.durationMinutes);
  }

  async function confirm(durationMinutes: number) {
    await onReset(durationMinutes);
    setConfirming(null);
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.offerForm)}
      aria-labelledby={`${ids.hours}-title`}
      data-testid="offer-form"
    >
      <h2 id={`${ids.hours}-title`}>
        <TimerReset aria-hidden="true" size={20} /> Start a new offer window
      </h2>
      <p className={clsx(pageStyles.muted, pageStyles.small)} id={ids.hint}>
        The new deadline is the moment you confirm plus this window ({OFFER_WINDOW_LIMITS.minMinutes} minute to{' '}
        {OFFER_WINDOW_LIMITS.maxMinutes / 60 / 24} days). At zero the offer shows as ended until an admin starts a new
        window.
      </p>
      <form className={pageStyles.stack} noValidate onSubmit={review}>
        <fieldset className={styles.offerFormBoxes} disabled={confirming !== null || busy} aria-describedby={ids.hint}>
          <legend className={textStyles.srOnly}>Offer window</legend>
          <div className={styles.offerFormField}>
            <label htmlFor={ids.hours}>Hours</label>
            <input
              id={ids.hours}
              ref={hoursRef}
              className={styles.offerFormInput}
              inputMode="numeric"
              autoComplete="off"
              value={form.hours}
              aria-invalid={errors.hours || totalError ? true : undefined}
              aria-describedby={[errors.hours ? `${ids.hours}-error` : '', totalError ? ids.total : '']
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => update('hours', event.target.value)}
            />
            {errors.hours && (
              <p
                className={clsx(formStyles.fieldError, styles.fieldError)}
                id={`${ids.hours}-error`}
                data-testid="field-error"
              >
                {errors.hours}
              </p>
            )}
          </div>
          <div className={styles.offerFormField}>
            <label htmlFor={ids.minutes}>Minutes</label>
            <input
              id={ids.minutes}
              className={styles.offerFormInput}
              inputMode="numeric"
              autoComplete="off"
              value={form.minutes}
              aria-invalid={errors.minutes || totalError ? true : undefined}
              aria-describedby={[errors.minutes ? `${ids.minutes}-error` : '', totalError ? ids.total : '']
                .filter(Boolean)
                .join(' ')}
              onChange={(event) => update('minutes', event.target.value)}
            />
            {errors.minutes && (
              <p
                className={clsx(formStyles.fieldError, styles.fieldError)}
                id={`${ids.minutes}-error`}
                data-testid="field-error"
              >
                {errors.minutes}
              </p>
            )}
          </div>
        </fieldset>
        {totalError && (
          <p
            className={clsx(formStyles.fieldError, styles.fieldError)}
            id={ids.total}
            data-testid="offer-duration-error"
          >
            {totalError}
          </p>
        )}
        {confirming === null && (
          <div className={clsx(pageStyles.actions, styles.offerFormActions)}>
            <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
              Set new deadline
            </button>
          </div>
        )}
      </form>

      {confirming !== null && (
        <fieldset
          className={styles.offerConfirm}
          aria-describedby={`${ids.confirm}-warning`}
          data-testid="offer-confirm"
        >
          <legend className={styles.offerConfirmTitle}>
            Start a new {describeOfferWindow(confirming)} offer window from now?
          </legend>
          <p id={`${ids.confirm}-warning`} className={styles.offerConfirmWarning}>
            {RESET_WARNING}
          </p>
          <div className={pageStyles.actions}>
            <button
              ref={confirmRef}
              type="button"
              className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void confirm(confirming)}
            >
              {busy && <span className={clsx(textStyles.spinner, styles.offerConfirmSpinner)} aria-hidden="true" />}
              {busy ? 'Setting deadline...' : 'Yes, set the new deadline'}
            </button>
            <button type="button" className={buttonStyles.btn} disabled={busy} onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        </fieldset>
      )}
    </section>
  );
}

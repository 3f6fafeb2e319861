import type { TDeskOptions, TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CheckCircle2, Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatPrice } from '../../components/dashboard/signal-format.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './desk.module.css';
import { type DeskFormErrors, type DeskFormValues, parseDeskForm } from './desk-form.logic.js';
import { newIdempotencyKey } from './idempotency-key.js';

interface Props {
  options: TDeskOptions;
  onPublished(signal: TSignal): void;
}

function initialValues(options: TDeskOptions): DeskFormValues {
  const firstOpen = options.instruments.find((i) => i.open) ?? options.instruments[0];
  return {
    asset: firstOpen?.asset ?? '',
    direction: 'CALL',
    windowMs: String(options.windows[0]?.ms ?? ''),
    confidence: '',
    stopLoss: '',
    takeProfit: '',
    analysis: '',
  };
}

const FIELDS: (keyof DeskFormValues)[] = [
  'asset',
  'direction',
  'windowMs',
  'confidence',
  'stopLoss',
  'takeProfit',
  'analysis',
];

/** The publish form: each field shows its own message (the form's or the server's). */
export function DeskForm({ options, onPublished }: Props) {
  const [values, setValues] = useState<DeskFormValues>(() => initialValues(options));
  const [errors, setErrors] = useState<DeskFormErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per filled-in form: every submit of it (a double click, a retry) is the same signal.
  const [key, setKey] = useState(newIdempotencyKey);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const fieldId = (field: keyof DeskFormValues) => `${id}-${field}`;
  const errorId = (field: keyof DeskFormValues) => `${id}-${field}-error`;

  function update(field: keyof DeskFormValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function focusFirstError(found: DeskFormErrors) {
    const first = FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAlert(null);
    setNotice('');
    const parsed = parseDeskForm(values, key);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      focusFirstError(parsed.errors);
      return;
    }
    setBusy(true);
    const result = await api.desk.publish({ body: parsed.request });
    setBusy(false);
    if (result.ok) {
      const s = result.data;
      setNotice(
        `Published: ${s.asset} ${s.direction} at ${formatPrice(s.entryPrice)}, signal #${s.daySequence} today.`,
      );
      onPublished(s);
      setValues((v) => ({ ...initialValues(options), asset: v.asset, windowMs: v.windowMs }));
      setErrors({});
      setKey(newIdempotencyKey());
      return;
    }
    const fieldErrors: DeskFormErrors = {};
    for (const field of FIELDS) if (result.fields[field]) fieldErrors[field] = result.fields[field];
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) focusFirstError(fieldErrors);
    else if (result.status !== 'unauthorized') setAlert(result.message);
  }

  const described = (field: keyof DeskFormValues, hint?: string) =>
    [hint, errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof DeskFormValues) =>
    errors[field] ? (
      <p className={formStyles.fieldError} id={errorId(field)} data-testid={`desk-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;

  // Stop loss and take profit: the same optional price field twice.
  const optionalPrice = (field: 'stopLoss' | 'takeProfit', label: string) => (
    <div className={formStyles.field}>
      <label htmlFor={fieldId(field)}>
        {label} <span className={formStyles.optional}>(optional)</span>
      </label>
      <input
        id={fieldId(field)}
        className={formStyles.input}
        inputMode="decimal"
        autoComplete="off"
        value={values[field]}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field)}
        onChange={(e) => update(field, e.target.value)}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <section className={panelStyles.panel} aria-labelledby={`${id}-title`} data-testid="desk-form">
      <h2 id={`${id}-title`}>Publish a signal</h2>
      <p className={clsx(pageStyles.muted, pageStyles.small)}>Prices: {options.feed.label}</p>
      <div role="alert" className={styles.messageRegion}>
        {alert && <p className={clsx(formStyles.alert, formStyles.alertError)}>{alert}</p>}
      </div>
      <div role="status" className={styles.messageRegion} data-testid="desk-notice">
        {notice && (
          <p className={clsx(formStyles.alert, formStyles.alertSuccess)}>
            <CheckCircle2 aria-hidden="true" size={18} /> {notice}
          </p>
        )}
      </div>
      <form ref={formRef} className={clsx(formStyles.form, styles.deskForm)} noValidate onSubmit={submit}>
        <div className={formStyles.twoCol}>
          <div className={formStyles.field}>
            <label htmlFor={fieldId('asset')}>Instrument</label>
            <select
              id={fieldId('asset')}
              className={formStyles.select}
              value={values.asset}
              aria-invalid={errors.asset ? true : undefined}
              aria-describedby={described('asset')}
              onChange={(e) => update('asset', e.target.value)}
            >
              {options.instruments.map((i) => (
                <option key={i.asset} value={i.asset}>
                  {i.open ? i.asset : `${i.asset} (market closed)`}
                </option>
              ))}
            </select>
            {fieldError('asset')}
          </div>
          <fieldset className={styles.direction} aria-describedby={described('direction')}>
            <legend className={styles.legend}>Direction</legend>
            {(['CALL', 'PUT'] as const).map((d) => (
              <label key={d} className={styles.radio}>
                <input
                  type="radio"
                  name={`${id}-direction`}
                  value={d}
                  checked={values.direction === d}
                  onChange={() => update('direction', d)}
                />
                {d === 'CALL' ? 'CALL (up)' : 'PUT (down)'}
              </label>
            ))}
            {fieldError('direction')}
          </fieldset>
        </div>
        <div className={formStyles.twoCol}>
          <div className={formStyles.field}>
            <label htmlFor={fieldId('windowMs')}>Expiry window</label>
            <select
              id={fieldId('windowMs')}
              className={formStyles.select}
              value={values.windowMs}
              aria-invalid={errors.windowMs ? true : undefined}
              aria-describedby={described('windowMs', `${id}-window-hint`)}
              onChange={(e) => update('windowMs', e.target.value)}
            >
              {options.windows.map((w) => (
                <option key={w.ms} value={String(w.ms)}>
                  {w.label}
                </option>
              ))}
            </select>
            <p className={formStyles.fieldHint} id={`${id}-window-hint`}>
              Up to three martingale windows of the same length follow a lost one.
            </p>
            {fieldError('windowMs')}
          </div>
          <div className={formStyles.field}>
            <label htmlFor={fieldId('confidence')}>Confidence (1-100)</label>
            <input
              id={fieldId('confidence')}
              className={formStyles.input}
              inputMode="numeric"
              autoComplete="off"
              value={values.confidence}
              aria-invalid={errors.confidence ? true : undefined}
              aria-describedby={described('confidence')}
              onChange={(e) => update('confidence', e.target.value)}
            />
            {fieldError('confidence')}
          </div>
        </div>
        <div className={formStyles.twoCol}>
          {optionalPrice('stopLoss', 'Stop loss')}
          {optionalPrice('takeProfit', 'Take profit')}
        </div>
        <div className={formStyles.field}>
          <label htmlFor={fieldId('analysis')}>Analysis</label>
          <textarea
            id={fieldId('analysis')}
            className={formStyles.textarea}
            rows={5}
            maxLength={2000}
            value={values.analysis}
            aria-invalid={errors.analysis ? true : undefined}
            aria-describedby={described('analysis')}
            onChange={(e) => update('analysis', e.target.value)}
          />
          {fieldError('analysis')}
        </div>
        <div className={pageStyles.actions}>
          <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
            <Send aria-hidden="true" size={18} /> {busy ? 'Publishing…' : 'Publish at the current price'}
          </button>
        </div>
      </form>
    </section>
  );
}

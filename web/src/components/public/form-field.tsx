import { clsx } from 'clsx';
import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useState } from 'react';
import formStyles from '../ui/form.module.css';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

/** Ids of the error and hint lines, for aria-describedby. */
function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function FieldMessages({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <>
      {hint ? (
        <p className={formStyles.fieldHint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={formStyles.fieldError} id={`${id}-error`} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input with its error shown under it (aria-invalid, aria-describedby). */
export function TextField({
  id,
  label,
  error,
  hint,
  optional,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>
        {label}
        {optional ? <span className={formStyles.optional}> (optional)</span> : null}
      </label>
      <input
        id={id}
        className={formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Password input with a show/hide toggle. */
export function PasswordField({
  id,
  label,
  error,
  hint,
  children,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { children?: ReactNode }) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={formStyles.inputGroup}>
        <input
          id={id}
          className={formStyles.input}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className={formStyles.inputAddon}
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? <EyeOff size={18} /> : <Eye size={18} />}
        </button>
      </div>
      {children}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled select. */
export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={formStyles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A form-level message: red for failures, green for success (role alert/status for screen readers). */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p className={clsx(formStyles.alert, formStyles[`alert-${kind}`])} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

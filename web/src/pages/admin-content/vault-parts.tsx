import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import textStyles from '../../components/ui/text.module.css';
import mentorshipStyles from '../mentorship/mentorship.module.css';
import styles from './admin-content.module.css';
import { FieldError } from './content-form.js';
import type { SaveResult } from './use-admin-content.js';
import vaultStyles from './vault-editor.module.css';

/*
 * The small pieces every part of the Master Vault editor is built from: its fields (label, error and
 * hint tied to the input), its tags, the buttons that call the server, and the line that shows the answer.
 */

/** "1 lesson", "3 lessons". */
export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** The ids an input is described by: its hint and, when it has one, its error. */
function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: ReactNode;
}

/** A one-line input with its label, hint and error (number and date inputs too, through `type`). */
export function InputField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  ...input
}: FieldProps & { type?: 'text' | 'number' | 'datetime-local'; maxLength?: number; min?: number; max?: number }) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={formStyles.input}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className={formStyles.fieldHint}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A text area with its label, hint and error; `above` sits on the label's line (the Preview toggle). */
export function TextAreaField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  rows,
  maxLength,
  mono = false,
  above,
}: FieldProps & { rows: number; maxLength: number; mono?: boolean; above?: ReactNode }) {
  return (
    <div className={formStyles.field}>
      <div className={vaultStyles.labelRow}>
        <label htmlFor={id}>{label}</label>
        {above}
      </div>
      <textarea
        id={id}
        className={clsx(formStyles.textarea, mono && vaultStyles.markdownInput)}
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className={formStyles.fieldHint}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A choice among fixed values, each shown by its label. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  onChange,
  error,
  options,
}: Omit<FieldProps, 'onChange'> & { onChange(value: T): void; options: readonly { value: T; label: string }[] }) {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={formStyles.select}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The "Sample" tag members see on shipped example items, the same here. */
export function SampleTag({ sample }: { sample: boolean }) {
  return sample ? <span className={mentorshipStyles.sampleTag}>Sample</span> : null;
}

/** Whether members see a course: "Published" or "Draft". */
export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span className={clsx(vaultStyles.status, published ? vaultStyles.statusPublished : vaultStyles.statusDraft)}>
      {published ? 'Published' : 'Draft'}
    </span>
  );
}

/**
 * A button that calls the server: its word, or its progress ("Deleting...") while its call runs. `item`
 * completes its name for screen readers ("Delete Risk basics"), as a list repeats the same words.
 */
export function ServerButton({
  label,
  busyLabel,
  item,
  running,
  disabled,
  onClick,
  primary = false,
  icon,
  testId,
}: {
  label: string;
  busyLabel: string;
  item?: string;
  running: boolean;
  disabled: boolean;
  onClick(): void;
  primary?: boolean;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={clsx(buttonStyles.btn, primary && buttonStyles.btnPrimary)}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {icon}
      {running ? busyLabel : label}
      {item && <span className={textStyles.srOnly}> {item}</span>}
    </button>
  );
}

/** The server's answer to the last call of a part (or a form): green when done, red when refused. */
export function ResultLine({ result, testId }: { result: SaveResult; testId?: string }) {
  return (
    <p
      role="status"
      className={clsx(vaultStyles.result, result && !result.ok ? styles.resultError : styles.resultOk)}
      data-testid={testId}
    >
      {result?.message}
    </p>
  );
}

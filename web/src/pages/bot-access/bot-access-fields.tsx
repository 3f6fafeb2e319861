import { DIAL_CODES, dialCodeLabel } from '@signalroom/shared';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import formStyles from '../../components/ui/form.module.css';
import botAccessStyles from './bot-access.module.css';
import type { ChoiceOption } from './bot-access-questions.js';

/** A numbered question whose answer is one of a few options (radio group). */
export function ChoiceQuestion(props: {
  name: string;
  n: number;
  title: string;
  options: readonly ChoiceOption[];
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.name}-error`;
  return (
    <fieldset
      className={props.error ? clsx(botAccessStyles.question, botAccessStyles.invalid) : botAccessStyles.question}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={props.error ? errorId : undefined}
      data-question={props.n}
    >
      <legend>
        <span className={botAccessStyles.qNum}>{props.n}</span>
        <span>{props.title}</span>
      </legend>
      <div className={botAccessStyles.options}>
        {props.options.map((o, i) => (
          <label className={botAccessStyles.option} key={o.value}>
            <input
              type="radio"
              id={i === 0 ? props.name : undefined}
              name={props.name}
              value={o.value}
              checked={props.value === o.value}
              onChange={() => props.onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {props.error ? (
        <p className={formStyles.fieldError} data-testid="field-error" id={errorId} style={{ marginTop: '0.5rem' }}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A numbered question with one text input (and optionally a dial-code select in front of it). */
export function TextQuestion(props: {
  id: string;
  n: number;
  title: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: ReactNode;
  dialCode?: { id: string; value: string; onChange: (value: string) => void; label: string };
}) {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.error ? errorId : '', props.hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const input = (
    <input
      id={props.id}
      className={formStyles.input}
      type={props.type ?? 'text'}
      value={props.value}
      placeholder={props.placeholder}
      autoComplete={props.autoComplete}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <div
      className={props.error ? clsx(botAccessStyles.question, botAccessStyles.invalid) : botAccessStyles.question}
      data-question={props.n}
    >
      <label htmlFor={props.id} className={botAccessStyles.qTitle}>
        <span className={botAccessStyles.qNum}>{props.n}</span>
        <span>{props.title}</span>
      </label>
      <div style={{ clear: 'both' }}>
        {props.dialCode ? (
          <div className={formStyles.phoneRow}>
            <select
              id={props.dialCode.id}
              className={formStyles.select}
              aria-label={props.dialCode.label}
              value={props.dialCode.value}
              onChange={(e) => props.dialCode?.onChange(e.target.value)}
            >
              {DIAL_CODES.map((d) => (
                <option key={`${d.code}-${d.name}`} value={d.code}>
                  {dialCodeLabel(d)}
                </option>
              ))}
            </select>
            {input}
          </div>
        ) : (
          input
        )}
        {props.hint ? (
          <p className={formStyles.fieldHint} id={hintId} style={{ marginTop: '0.4rem' }}>
            {props.hint}
          </p>
        ) : null}
        {props.error ? (
          <p className={formStyles.fieldError} data-testid="field-error" id={errorId} style={{ marginTop: '0.4rem' }}>
            {props.error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

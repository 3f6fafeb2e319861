import { clsx } from 'clsx';
import chipStyles from '../ui/choice-chips.module.css';
import formStyles from '../ui/form.module.css';

interface ChoiceProps {
  id: string;
  /** Null until the member chooses. */
  taken: boolean | null;
  error: string | undefined;
  onChange(taken: boolean): void;
}

/** Taken or Skipped, as one group of radio buttons, with the server's message for it under them. */
export function TakenChoice({ id, taken, error, onChange }: ChoiceProps) {
  const option = (value: boolean, label: string) => (
    <label className={clsx(chipStyles.choice, taken === value && chipStyles.isChosen)}>
      <input
        type="radio"
        name={`${id}-taken`}
        checked={taken === value}
        onChange={() => onChange(value)}
        aria-describedby={error ? `${id}-taken-error` : undefined}
      />
      {label}
    </label>
  );
  return (
    <>
      <fieldset className={chipStyles.choices}>
        <legend>Did you take this signal?</legend>
        {option(true, 'Taken')}
        {option(false, 'Skipped')}
      </fieldset>
      {error ? (
        <p className={formStyles.fieldError} id={`${id}-taken-error`} data-testid="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

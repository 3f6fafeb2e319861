import { clsx } from 'clsx';
import { useId } from 'react';
import pageStyles from '../dashboard/dashboard-page.module.css';
import { SelectField } from '../public/form-field.js';
import buttonStyles from '../ui/button.module.css';
import formStyles from '../ui/form.module.css';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS } from './import-columns.js';
import styles from './journal.module.css';
import type { TradeImportFlow } from './use-trade-import.js';
import { browserUtcOffset, formatUtcOffset, utcOffsetChoices } from './utc-offsets.js';

interface FormProps {
  flow: TradeImportFlow;
  fileName: string;
  headers: readonly string[];
  rows: number;
}

/**
 * The file's columns mapped to the five fields (each guessed from its header name, changeable), the
 * offset of times written without a zone, and the check.
 */
export function ImportColumnsForm({ flow, fileName, headers, rows }: FormProps) {
  const id = useId();
  const browserOffset = browserUtcOffset();
  return (
    <form
      className={formStyles.compactForm}
      onSubmit={(e) => {
        e.preventDefault();
        void flow.check();
      }}
      aria-label="Map the columns of the file"
      data-testid="import-columns"
    >
      <p className={pageStyles.muted}>
        {fileName}: {rows} {rows === 1 ? 'row' : 'rows'}. Say which column holds each field.
      </p>
      <div className={styles.columns}>
        {IMPORT_FIELDS.map((field) => (
          <SelectField
            key={field}
            id={`${id}-${field}`}
            label={IMPORT_FIELD_LABELS[field]}
            value={flow.columns[field] ?? ''}
            onChange={(e) => flow.setColumn(field, e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">Choose a column</option>
            {headers.map((name, index) => (
              // Two columns may share a name: the option is the column's place.
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns of a file are fixed
              <option key={index} value={index}>
                {name}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <div className={styles.offset}>
        <SelectField
          id={`${id}-offset`}
          label="Times without a zone are at UTC offset"
          hint={`Your browser is at ${formatUtcOffset(browserOffset)} now. A time written with its zone keeps it.`}
          value={flow.offset}
          onChange={(e) => flow.setOffset(Number(e.target.value))}
        >
          {utcOffsetChoices(browserOffset).map((minutes) => (
            <option key={minutes} value={minutes}>
              {formatUtcOffset(minutes)}
            </option>
          ))}
        </SelectField>
      </div>
      {flow.mapped ? null : (
        <p className={pageStyles.muted}>Choose a column for each of the five fields to check the rows.</p>
      )}
      <div className={styles.steps}>
        <button
          type="submit"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          disabled={!flow.mapped || flow.busy !== null}
        >
          {flow.busy === 'checking' ? 'Checking...' : 'Check rows'}
        </button>
      </div>
    </form>
  );
}

import { clsx } from 'clsx';
import { FileUp } from 'lucide-react';
import { useId } from 'react';
import pageStyles from '../dashboard/dashboard-page.module.css';
import { FormAlert } from '../public/form-field.js';
import formStyles from '../ui/form.module.css';
import { ImportColumnsForm } from './import-columns-form.js';
import { ImportPreview } from './import-preview-table.js';
import styles from './journal.module.css';
import { ROW_LIMIT_TEXT, type TradeImportFlow, useTradeImport } from './use-trade-import.js';

/** What the import is doing, for the live region. */
function progressText(busy: TradeImportFlow['busy'], rows: number): string {
  if (busy === 'reading') return 'Reading the file...';
  if (busy === 'checking') return `Checking ${rows} ${rows === 1 ? 'row' : 'rows'}...`;
  if (busy === 'importing') return `Importing ${rows} ${rows === 1 ? 'trade' : 'trades'}...`;
  return '';
}

/**
 * Imports a broker's trade history: the CSV is read in the browser, its columns mapped to the five the
 * journal needs, every row checked against the record (nothing written), the rows with problems left
 * out, then the rest imported at once. The server writes every row or none.
 */
export function TradeImport() {
  const id = useId();
  const flow = useTradeImport();
  const { file, preview, busy, notice } = flow;
  const rows = preview?.length ?? file?.table.rows.length ?? 0;
  return (
    <section className={styles.import} aria-labelledby={`${id}-title`} data-testid="trade-import">
      <h3 id={`${id}-title`}>
        <FileUp aria-hidden="true" size={18} /> Import your broker's history
      </h3>
      <p className={pageStyles.muted}>
        A CSV of your trades, up to {ROW_LIMIT_TEXT} rows: each row is matched to the signal it followed (the same
        instrument, its time within the signal's window, the same direction).
      </p>
      <div className={formStyles.field}>
        <label htmlFor={`${id}-file`}>Trade history (CSV)</label>
        <input
          key={flow.imports}
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className={formStyles.input}
          disabled={busy !== null}
          onChange={(e) => void flow.chooseFile(e.target.files?.[0] ?? null)}
          data-testid="import-file"
        />
      </div>
      <p
        role="status"
        className={clsx(pageStyles.muted, pageStyles.small, styles.progress)}
        data-testid="import-progress"
      >
        {progressText(busy, rows)}
      </p>
      {notice ? (
        <div data-testid="import-notice">
          <FormAlert kind={notice.kind}>{notice.text}</FormAlert>
          {notice.lines?.length ? (
            <ul className={styles.problems} data-testid="import-problems">
              {notice.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {file ? (
        <ImportColumnsForm
          flow={flow}
          fileName={file.name}
          headers={file.table.headers}
          rows={file.table.rows.length}
        />
      ) : null}
      {preview ? <ImportPreview flow={flow} preview={preview} /> : null}
    </section>
  );
}

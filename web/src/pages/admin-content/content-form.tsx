import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { formatForReader } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './admin-content.module.css';

/** One field's error under it, tied to the input by id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={formStyles.fieldError}>
      {message}
    </p>
  );
}

/**
 * An editor panel: the form on one side, the preview of what visitors will see on the other, the
 * version line and the save button with its result.
 */
export function EditorPanel(props: {
  titleId: string;
  title: string;
  version: number;
  savedAt: string | null;
  savedBy: string | null;
  unsavedNote: string;
  form: ReactNode;
  preview: ReactNode;
  saving: boolean;
  result: { ok: boolean; message: string } | null;
  onSave(): void;
  testId: string;
  /** The save button's word (the first-run setup says what comes next). */
  saveLabel?: string | undefined;
}) {
  return (
    <section
      className={clsx(panelStyles.panel, styles.editor)}
      aria-labelledby={props.titleId}
      data-testid={props.testId}
    >
      <header>
        <h2 id={props.titleId}>{props.title}</h2>
        <p className={clsx(pageStyles.muted, pageStyles.small)}>
          {props.version === 0
            ? props.unsavedNote
            : `Version ${props.version}, saved ${formatForReader(props.savedAt ?? '')} by ${props.savedBy}`}
        </p>
      </header>
      <form
        className={styles.editorBody}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave();
        }}
      >
        <div className={styles.fields}>{props.form}</div>
        <section className={styles.preview} aria-label={`Preview: ${props.title}`}>
          <p className={styles.previewLabel}>Preview</p>
          {props.preview}
        </section>
        <div className={styles.saveRow}>
          <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={props.saving}>
            {props.saving ? 'Saving...' : (props.saveLabel ?? 'Save')}
          </button>
          <p role="status" className={props.result && !props.result.ok ? styles.resultError : styles.resultOk}>
            {props.result?.message}
          </p>
        </div>
      </form>
    </section>
  );
}

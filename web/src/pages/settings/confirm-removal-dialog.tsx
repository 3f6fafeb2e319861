import { clsx } from 'clsx';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ApiOutcome } from '../../api/client.js';
import { FormAlert } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './settings.module.css';

/** The words of one removal: what is asked, what follows, and its two buttons. */
export interface RemovalWords {
  title: ReactNode;
  consequence: ReactNode;
  keep: string;
  confirm: string;
  busy: string;
}

/**
 * A modal that confirms removing something the member made (an API key, a webhook endpoint): the call
 * runs on Confirm; a refusal stays in the dialog, a success closes it and hands its message back.
 */
export function ConfirmRemovalDialog({
  words,
  testId,
  remove,
  onClose,
  onRemoved,
}: {
  words: RemovalWords;
  testId: string;
  remove(): Promise<ApiOutcome<unknown>>;
  onClose(): void;
  onRemoved(message: string): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function confirm() {
    setBusy(true);
    const result = await remove();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    onRemoved(result.message);
    ref.current?.close();
  }

  return (
    <dialog
      ref={ref}
      className={clsx(panelStyles.panel, styles.dialog)}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={testId}
    >
      <h2 id={titleId}>{words.title}</h2>
      {words.consequence}
      {error ? <FormAlert kind="error">{error}</FormAlert> : null}
      <div className={styles.dialogActions}>
        <button type="button" className={buttonStyles.btn} onClick={() => ref.current?.close()}>
          {words.keep}
        </button>
        <button
          type="button"
          className={clsx(buttonStyles.btn, styles.dangerButton)}
          disabled={busy}
          onClick={() => void confirm()}
        >
          {busy ? words.busy : words.confirm}
        </button>
      </div>
    </dialog>
  );
}

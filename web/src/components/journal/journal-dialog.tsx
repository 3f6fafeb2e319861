import { JournalMessages, type TJournalEntry, type TSignal } from '@signalroom/shared';
import { clsx } from 'clsx';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useJournalStore } from '../../stores/journal.store.js';
import { formatClock, formatPrice } from '../dashboard/signal-format.js';
import { FormAlert } from '../public/form-field.js';
import buttonStyles from '../ui/button.module.css';
import formStyles from '../ui/form.module.css';
import panelStyles from '../ui/panel.module.css';
import { draftOf, type EntryDraft, requestOf } from './entry-draft.js';
import styles from './journal.module.css';
import { TakenChoice } from './taken-choice.js';
import { TradeFields } from './trade-fields.js';

interface DialogProps {
  signal: TSignal;
  /** The signal's saved entry, or null when it is not in the journal yet. */
  entry: TJournalEntry | null;
  /** The member's zone: the fill time is typed and shown on their clock. */
  timeZone: string;
  onClose(): void;
  /** A save or a removal went through: its message, for the control to announce. */
  onDone(message: string): void;
}

/**
 * Journals one signal in a modal: taken or skipped and, when taken, the stake, the fill price and time
 * and what the trade paid. The server checks every rule and answers each field's message; the dialog
 * shows them under their fields. The browser keeps focus inside it and Escape closes it; closing gives
 * focus back to the Journal button. It is put at the end of the page, not in the table row that opens
 * it, so the table's styles (no wrapping, small type) stay out of it.
 */
export function JournalDialog({ signal, entry, timeZone, onClose, onDone }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const save = useJournalStore((s) => s.save);
  const remove = useJournalStore((s) => s.remove);
  const [draft, setDraft] = useState<EntryDraft>(() => draftOf(entry, timeZone));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => opener?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // No request can be written without the choice: the server's own message for it is said here.
    if (draft.taken === null) {
      setErrors({ taken: JournalMessages.taken });
      return;
    }
    setBusy('save');
    const answer = await save(signal.id, requestOf({ ...draft, taken: draft.taken }, timeZone));
    setBusy(null);
    if (answer.ok) {
      onDone(answer.message || JournalMessages.saved);
      ref.current?.close();
      return;
    }
    setErrors(answer.fields);
    setFailure(answer.message);
  }

  async function removeEntry() {
    setBusy('remove');
    const answer = await remove(signal.id);
    setBusy(null);
    if (answer.ok) {
      onDone(answer.message || JournalMessages.removed);
      ref.current?.close();
      return;
    }
    setErrors({});
    setFailure(answer.message);
  }

  return createPortal(
    <dialog
      ref={ref}
      className={clsx(panelStyles.panel, styles.dialog)}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="journal-dialog"
    >
      <h2 id={`${id}-title`}>
        Journal {signal.asset} {signal.direction}, {formatClock(signal.createdAt, timeZone, false)}
      </h2>
      <form className={formStyles.compactForm} onSubmit={(e) => void submit(e)} noValidate>
        <p className={formStyles.fieldHint}>
          The signal's entry price was {formatPrice(signal.entryPrice)}. Your own trade sits beside the record in the
          Command Center.
        </p>
        <TakenChoice
          id={id}
          taken={draft.taken}
          error={errors.taken}
          onChange={(taken) => setDraft({ ...draft, taken })}
        />
        {draft.taken ? (
          <TradeFields
            id={id}
            draft={draft}
            errors={errors}
            timeZone={timeZone}
            onChange={(field, value) => setDraft({ ...draft, [field]: value })}
          />
        ) : null}
        {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
        <div className={styles.actions}>
          {entry ? (
            <button
              type="button"
              className={clsx(buttonStyles.btn, styles.remove)}
              disabled={busy !== null}
              onClick={() => void removeEntry()}
            >
              {busy === 'remove' ? 'Removing...' : 'Remove from journal'}
            </button>
          ) : null}
          <button type="button" className={buttonStyles.btn} onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy !== null}>
            {busy === 'save' ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}

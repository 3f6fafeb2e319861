import { zoneShortName } from '@signalroom/shared';
import { TextField } from '../public/form-field.js';
import formStyles from '../ui/form.module.css';
import type { EntryDraft } from './entry-draft.js';

type TradeField = 'stake' | 'fillPrice' | 'filledAt' | 'result';

interface FieldsProps {
  id: string;
  draft: EntryDraft;
  /** The server's message per field. */
  errors: Record<string, string>;
  /** The member's zone: the fill time is typed on their clock. */
  timeZone: string;
  onChange(field: TradeField, value: string): void;
}

/** A taken trade: its stake, and optionally the fill price and time and what it paid. */
export function TradeFields({ id, draft, errors, timeZone, onChange }: FieldsProps) {
  const field = (key: TradeField) => ({
    id: `${id}-${key}`,
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => onChange(key, e.target.value),
  });
  return (
    <div className={formStyles.fieldRow}>
      <TextField
        label="Stake"
        inputMode="decimal"
        hint="What you put on the trade, e.g. 10 or 12.50."
        {...field('stake')}
      />
      <TextField
        label="Fill price"
        inputMode="decimal"
        optional
        hint="The price your broker filled you at."
        {...field('fillPrice')}
      />
      <TextField
        label="Fill time"
        type="datetime-local"
        step={1}
        optional
        hint={`On your clock (${zoneShortName(new Date(), timeZone)}).`}
        {...field('filledAt')}
      />
      <TextField
        label="Result"
        inputMode="decimal"
        optional
        hint="What the trade paid: your profit, negative for a loss (e.g. 8.50 or -10)."
        {...field('result')}
      />
    </div>
  );
}

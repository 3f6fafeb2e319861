import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * The public forms' large submit button: while `busy` it shows a spinner and `busyText`
 * and cannot be pressed again; `disabled` adds the form's own reasons to hold it.
 */
export function SubmitButton({
  busy,
  busyText,
  disabled,
  children,
}: {
  busy: boolean;
  busyText: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={disabled || busy}>
      {busy ? (
        <>
          <Loader2 size={18} className="spin" aria-hidden="true" /> {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}

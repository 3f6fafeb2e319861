import { clsx } from 'clsx';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import buttonStyles from '../ui/button.module.css';
import textStyles from '../ui/text.module.css';

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
    <button
      type="submit"
      className={clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnLg, buttonStyles.btnBlock)}
      disabled={disabled || busy}
    >
      {busy ? (
        <>
          <Loader2 size={18} className={textStyles.spin} aria-hidden="true" /> {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}

import { clsx } from 'clsx';
import { Check, Copy } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import { useCopyText } from '../../components/ui/use-copy-text.js';
import styles from './settings.module.css';

/**
 * A secret the server shows once (an API key, a webhook signing secret), with a copy button and the
 * warning that it will not be shown again. `noun` names it in the buttons and messages ("key").
 */
export function ShownOnceSecret({
  secret,
  noun,
  warning,
  onDone,
  testId,
  secretTestId,
}: {
  secret: string;
  noun: string;
  warning: ReactNode;
  onDone(): void;
  testId: string;
  secretTestId: string;
}) {
  const secretRef = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyText(secretRef);

  return (
    <div className={pageStyles.stack} data-testid={testId}>
      <p className={clsx(pageStyles.notice, pageStyles.small)} role="alert">
        {warning}
      </p>
      <p>
        <code ref={secretRef} className={styles.secret} data-testid={secretTestId}>
          {secret}
        </code>
      </p>
      <div className={styles.dialogActions}>
        <button
          type="button"
          className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
          onClick={() => void copy(secret)}
        >
          {copied === 'copied' ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
          {copied === 'copied' ? 'Copied' : `Copy ${noun}`}
        </button>
        <button type="button" className={buttonStyles.btn} onClick={onDone}>
          I have copied it
        </button>
      </div>
      <p className={clsx(pageStyles.small, pageStyles.muted)} role="status">
        {copied === 'copied'
          ? `The ${noun} is on the clipboard.`
          : copied === 'failed'
            ? `Copying is not allowed here: the ${noun} is selected, copy it with your keyboard.`
            : ''}
      </p>
    </div>
  );
}

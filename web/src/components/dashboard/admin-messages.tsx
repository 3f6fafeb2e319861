import { clsx } from 'clsx';
import { X } from 'lucide-react';
import buttonStyles from '../ui/button.module.css';
import formStyles from '../ui/form.module.css';
import textStyles from '../ui/text.module.css';

/**
 * An admin screen's two message regions: the alert (a failed call, dismissible) and the status line (what
 * just happened, for screen readers). Both stay in the page, so assistive technology announces a message
 * as soon as it appears. Test ids are `<testId>-alert` and `<testId>-notice`.
 */
export function AdminMessages(props: {
  testId: string;
  /** The screen's state: its alert, how to dismiss it, and its status line. */
  messages: { alert: string | null; dismissAlert(): void; notice: string };
  /** The page's own spacing for the region and the alert box. */
  regionClassName?: string | undefined;
  alertClassName?: string | undefined;
}) {
  return (
    <>
      <div role="alert" className={props.regionClassName} data-testid={`${props.testId}-alert`}>
        {props.messages.alert && (
          <div className={clsx(formStyles.alert, formStyles.alertError, props.alertClassName)}>
            <span>{props.messages.alert}</span>
            <button
              type="button"
              className={clsx(buttonStyles.iconBtn, buttonStyles.btnGhost)}
              aria-label="Dismiss"
              onClick={props.messages.dismissAlert}
            >
              <X aria-hidden="true" size={16} />
            </button>
          </div>
        )}
      </div>
      <p className={textStyles.srOnly} role="status" data-testid={`${props.testId}-notice`}>
        {props.messages.notice}
      </p>
    </>
  );
}

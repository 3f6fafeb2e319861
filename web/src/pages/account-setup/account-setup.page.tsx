import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSupportReachable } from '../../components/contacts/operator-contact.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { SupportLinks } from '../../components/dashboard/support-links.js';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import setupStyles from './account-setup.module.css';
import { CreateAccountStep, FundAccountStep, VerifyStep } from './account-setup-steps.js';
import { type SetupStep, useAccountSetup } from './use-account-setup.js';

const STEPS: ReadonlyArray<{ step: SetupStep; title: string }> = [
  { step: 1, title: 'Create Trading Account' },
  { step: 2, title: 'Fund Account' },
  { step: 3, title: 'Verify & Activate' },
];

/** Account Setup (/dashboard/account-setup): the three-step broker configuration wizard. */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const config = usePublicConfigStore((s) => s.config);
  const supportReachable = useSupportReachable();
  const setup = useAccountSetup();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Keyboard and screen-reader users land on the new step's heading, not at the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step change by design
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [setup.step]);

  if (!user) return null;
  const props = { setup, config };

  return (
    <div className={clsx(pageStyles.page, setupStyles.setup)} data-testid="account-setup">
      <header className={pageStyles.pageHead}>
        <h1>Account Setup</h1>
        <p className={pageStyles.muted}>Connect your own broker account in three steps to activate your access.</p>
      </header>

      <ol className={setupStyles.setupSteps} aria-label="Setup progress">
        {STEPS.map(({ step, title }) => {
          // 'Submit Proof' links straight to step 3: earlier steps count as done only when their data is saved.
          const saved = step === 1 ? Boolean(user.brokerAccountId) : step === 2 ? user.depositAmount > 0 : false;
          const state = step === setup.step ? 'current' : step < setup.step && saved ? 'done' : 'todo';
          return (
            <li
              key={step}
              className={clsx(setupStyles.setupStepsItem, setupStyles[`is-${state}`])}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className={setupStyles.setupStepsNum} aria-hidden="true">
                {state === 'done' ? <Check size={16} /> : step}
              </span>
              <span className={setupStyles.setupStepsTitle}>
                {title}
                {state === 'done' && <span className={textStyles.srOnly}> (completed)</span>}
              </span>
            </li>
          );
        })}
      </ol>

      {setup.notice && (
        <div className={setupStyles.setupNotice} role="status" data-testid="setup-notice">
          <div>
            <strong>{setup.notice.title}</strong>
            <p>{setup.notice.detail}</p>
          </div>
          <button
            type="button"
            className={buttonStyles.iconBtn}
            onClick={setup.dismissNotice}
            aria-label="Dismiss notice"
          >
            <X aria-hidden="true" size={18} />
          </button>
        </div>
      )}

      <section
        className={clsx(panelStyles.panel, setupStyles.setupPanel)}
        aria-labelledby="setup-step-title"
        data-testid={`setup-step-${setup.step}`}
      >
        <p className={pageStyles.eyebrow}>Step {setup.step} of 3</p>
        <h2 id="setup-step-title" ref={heading} tabIndex={-1}>
          {STEPS.find((s) => s.step === setup.step)?.title}
        </h2>
        {setup.step === 1 && <CreateAccountStep {...props} />}
        {setup.step === 2 && <FundAccountStep {...props} />}
        {setup.step === 3 && <VerifyStep {...props} />}
      </section>

      {supportReachable && (
        <section className={panelStyles.panel} aria-labelledby="setup-help-title" data-testid="setup-help">
          <h2 id="setup-help-title">Need help?</h2>
          <p className={pageStyles.muted}>Stuck on a step? Our support team can walk you through it.</p>
          <SupportLinks config={config} chatVerb="Chat with" />
        </section>
      )}
    </div>
  );
}

import { BOT_ACCESS_MIN_DEPOSIT_USD, type OperatorContact, PROMO_MIN_DEPOSIT_USD } from '@signalroom/shared';
import { clsx } from 'clsx';
import { CheckCircle2, ExternalLink, Gift, MessageCircle, PlayCircle, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { ContactGate, isContactConfigured, useContactShown } from '../../components/contacts/operator-contact.js';
import authLayoutStyles from '../../components/public/auth-layout.module.css';
import { Brand } from '../../components/public/brand.js';
import publicStyles from '../../components/public/public-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import textStyles from '../../components/ui/text.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import botAccessStyles from '../bot-access/bot-access.module.css';
import { OfferDeadlineNotice } from './offer-deadline-notice.js';

/**
 * A link to one of the operator's contacts that opens in a new tab without giving the new page a handle
 * on this one. A contact not set (or still at its placeholder) is not offered at all: no button that
 * leads nowhere (admins see which setting is missing instead).
 */
function OutLink({
  href,
  contact,
  children,
  primary,
}: {
  href: string | undefined;
  contact: OperatorContact;
  children: React.ReactNode;
  primary?: boolean;
}) {
  return (
    <ContactGate contact={contact} loading={<ContactLink href={undefined}>{children}</ContactLink>}>
      <ContactLink href={href} primary={primary}>
        {children}
      </ContactLink>
    </ContactGate>
  );
}

function ContactLink({
  href,
  children,
  primary,
}: {
  href: string | undefined;
  children: React.ReactNode;
  primary?: boolean;
}) {
  if (!href) {
    return (
      <button
        type="button"
        className={
          primary
            ? clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnLg, buttonStyles.btnBlock)
            : clsx(buttonStyles.btn, buttonStyles.btnBlock)
        }
        disabled
      >
        Loading link...
      </button>
    );
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={
        primary
          ? clsx(buttonStyles.btn, buttonStyles.btnPrimary, buttonStyles.btnLg, buttonStyles.btnBlock)
          : clsx(buttonStyles.btn, buttonStyles.btnBlock)
      }
    >
      {children} <ExternalLink size={16} aria-hidden="true" />
      <span className={textStyles.srOnly}> (opens in a new tab)</span>
    </a>
  );
}

/** Bot-access success: the two steps, the bootcamp bonus and the red notice. */
export function Component() {
  const config = usePublicConfigStore((s) => s.config);
  const brokerShown = useContactShown('brokerRegistration');
  const chatShown = useContactShown('supportChat');
  const status = usePublicConfigStore((s) => s.status);
  const load = usePublicConfigStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load]);
  const product = config?.productName ?? 'Signalroom';

  return (
    <div className={publicStyles.pub}>
      <header className={publicStyles.container} style={{ paddingTop: '1.25rem' }}>
        <Brand />
      </header>
      <main className={botAccessStyles.baWrap} style={{ display: 'grid', gap: '1.25rem' }}>
        <div className={publicStyles.center}>
          <span className={clsx(authLayoutStyles.stateIcon, authLayoutStyles.ok)}>
            <CheckCircle2 size={28} aria-hidden="true" />
          </span>
          <h1>You're Almost There!</h1>
          <p className={publicStyles.muted}>
            Your application was received and your AI bot licence is in the queue. Complete{' '}
            {chatShown || !config ? 'the two steps' : 'the step'} below to activate it.
          </p>
        </div>
        {status === 'error' ? (
          <p className={clsx(formStyles.alert, formStyles.alertError)} role="alert">
            The links below could not be loaded. Please refresh the page.
          </p>
        ) : null}

        <section className={clsx(panelStyles.card, botAccessStyles.successStep)} aria-labelledby="step1-title">
          <span className={publicStyles.eyebrow}>
            <Wallet size={14} aria-hidden="true" /> Step 1
          </span>
          <h2 id="step1-title" style={{ margin: 0, fontSize: '1.25rem' }}>
            Create and fund your trading account
          </h2>
          <p className={publicStyles.muted} style={{ margin: 0 }}>
            Open your account with our partner broker and fund it with at least ${BOT_ACCESS_MIN_DEPOSIT_USD}. The money
            stays in your own account.
          </p>
          <OutLink href={config?.brokerRegistrationUrl} contact="brokerRegistration" primary>
            Create My Trading Account
          </OutLink>
          {config?.promoCode ? (
            <p style={{ margin: 0 }}>
              Use promo code <span className={botAccessStyles.promo}>{config.promoCode}</span> for a 100% deposit bonus
              on deposits of ${PROMO_MIN_DEPOSIT_USD} or more.
            </p>
          ) : null}
          {brokerShown && (
            <div className={botAccessStyles.highlightNote} style={{ margin: 0 }}>
              <strong>Need help?</strong>
              <p className={publicStyles.muted} style={{ margin: '0.3rem 0 0.75rem' }}>
                Watch the step-by-step video guide to opening and funding your account.
              </p>
              <OutLink href={config?.brokerRegistrationUrl} contact="brokerRegistration">
                <PlayCircle size={16} aria-hidden="true" /> Watch Video Guide
              </OutLink>
            </div>
          )}
        </section>

        {(chatShown || !config) && (
          <section className={clsx(panelStyles.card, botAccessStyles.successStep)} aria-labelledby="step2-title">
            <span className={publicStyles.eyebrow}>
              <MessageCircle size={14} aria-hidden="true" /> Step 2
            </span>
            <h2 id="step2-title" style={{ margin: 0, fontSize: '1.25rem' }}>
              Message support to activate
            </h2>
            <p className={publicStyles.muted} style={{ margin: 0 }}>
              Send your proof of deposit to support
              {config && isContactConfigured(config, 'supportChat') ? ` (${config.supportHandle})` : ''} on Telegram.
              Your licence is activated 6 to 12 hours after verification.
            </p>
            <OutLink href={config?.supportChatUrl} contact="supportChat" primary>
              Message Support
            </OutLink>
          </section>
        )}

        <section className={clsx(panelStyles.card, botAccessStyles.successStep)} aria-labelledby="bonus-title">
          <span className={publicStyles.eyebrow}>
            <Gift size={14} aria-hidden="true" /> Bonus
          </span>
          <h2 id="bonus-title" style={{ margin: 0, fontSize: '1.25rem' }}>
            Your bootcamp membership
          </h2>
          <p className={publicStyles.muted} style={{ margin: 0 }}>
            The 6-month free trial of the AI bot comes with the {product} bootcamp:
          </p>
          <ul className={publicStyles.checkList} style={{ marginTop: 0 }}>
            {[
              'The bot’s strategy, with its rules published',
              'Weekly live market analysis',
              'An exclusive signal group',
              'Support from professional traders',
            ].map((line) => (
              <li key={line}>
                <CheckCircle2 size={16} aria-hidden="true" /> {line}
              </li>
            ))}
          </ul>
          <OutLink href={config?.bootcampUrl} contact="bootcamp">
            Register for the Bootcamp
          </OutLink>
        </section>

        <OfferDeadlineNotice />
      </main>
    </div>
  );
}

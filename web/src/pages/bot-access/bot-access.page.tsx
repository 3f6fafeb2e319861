import {
  type BotAccessForm,
  EMPTY_BOT_ACCESS_FORM,
  Messages,
  toBotAccessSubmission,
  validateBotAccessForm,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Bot, Sparkles } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as api from '../../api/api.js';
import { shownMessage } from '../../api/client.js';
import { Brand } from '../../components/public/brand.js';
import publicStyles from '../../components/public/public-page.module.css';
import { SubmitButton } from '../../components/public/submit-button.js';
import { useOfferCountdown } from '../../stores/offer-countdown.store.js';
import botAccessStyles from './bot-access.module.css';
import { ChoiceQuestion, TextQuestion } from './bot-access-fields.js';
import { QUESTIONS as Q } from './bot-access-questions.js';

type Errors = Partial<Record<keyof BotAccessForm, string>>;

/**
 * Banner: the time left to the real offer deadline (days above 48 hours); once it has passed it says the
 * offer has ended instead of showing 00:00:00.
 */
function OfferBanner() {
  const view = useOfferCountdown();
  return (
    <section className={botAccessStyles.baBanner} aria-label="Offer countdown">
      <div className={clsx(publicStyles.container, botAccessStyles.baBannerInner)}>
        {view.ended ? (
          <span data-testid="bot-access-offer-ended">⚠️ THE FREE ACCESS OFFER HAS ENDED</span>
        ) : (
          <>
            <span>⚠️ FREE ACCESS OFFER ENDS IN</span>
            <time aria-live="off" data-testid="bot-access-countdown">
              {view.text ?? '--:--:--'}
            </time>
          </>
        )}
      </div>
    </section>
  );
}

/** The bot-access application: questions, field rules and the messages under the fields. */
export function Component() {
  const navigate = useNavigate();
  const [form, setForm] = useState<BotAccessForm>(EMPTY_BOT_ACCESS_FORM);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  /** Editing a field clears its error. */
  const set = (field: keyof BotAccessForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBotAccessForm(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const answer = await api.botAccess.submit({ body: toBotAccessSubmission(form) });
      if (answer.ok) {
        navigate('/bot-access/success');
        return;
      }
      // Refusals and an unreachable server are expected answers, told to the visitor, not logged as errors.
      if (Object.keys(answer.fields).length) setErrors(answer.fields as Errors);
      window.alert(shownMessage(answer, Messages.botAccess.submitError));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={publicStyles.pub}>
      <OfferBanner />
      <header className={publicStyles.container} style={{ paddingTop: '1.25rem' }}>
        <Brand />
      </header>
      <main className={botAccessStyles.baWrap}>
        <span className={publicStyles.eyebrow}>
          <Bot size={14} aria-hidden="true" /> AI trading bot – application
        </span>
        <h1>Apply for AI Bot Access</h1>
        <p className={publicStyles.muted}>
          A 6-month free trial of the AI trading bot, inside our trading bootcamp. Answer the 12 questions below; it
          takes about two minutes.
        </p>
        <div className={botAccessStyles.highlightNote}>
          <strong>
            <Sparkles size={16} aria-hidden="true" style={{ verticalAlign: '-3px' }} /> Important:
          </strong>{' '}
          licences are given out in the order applications arrive. Answer honestly – the bot needs a funded trading
          account of at least $50 in your own name to run.
        </div>
        <form className={botAccessStyles.baForm} onSubmit={submit} noValidate aria-label="AI bot access application">
          <TextQuestion
            id="fullName"
            n={Q.fullName.n}
            title={Q.fullName.title}
            autoComplete="name"
            value={form.fullName}
            onChange={set('fullName')}
            error={errors.fullName}
          />
          <TextQuestion
            id="phoneNumber"
            n={Q.phoneNumber.n}
            title={Q.phoneNumber.title}
            type="tel"
            autoComplete="tel-national"
            placeholder="801 234 5678"
            hint="Digits only, without the country code."
            value={form.phoneNumber}
            onChange={set('phoneNumber')}
            error={errors.phoneNumber}
            dialCode={{
              id: 'countryCode',
              label: 'Country code',
              value: form.countryCode,
              onChange: set('countryCode'),
            }}
          />
          <TextQuestion
            id="email"
            n={Q.email.n}
            title={Q.email.title}
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            error={errors.email}
          />
          <ChoiceQuestion
            name="hasAccount"
            {...Q.hasAccount}
            value={form.hasAccount}
            onChange={set('hasAccount')}
            error={errors.hasAccount}
          />
          <ChoiceQuestion
            name="hasFunded"
            {...Q.hasFunded}
            value={form.hasFunded}
            onChange={set('hasFunded')}
            error={errors.hasFunded}
          />
          <ChoiceQuestion
            name="canAfford"
            {...Q.canAfford}
            value={form.canAfford}
            onChange={set('canAfford')}
            error={errors.canAfford}
          />
          <ChoiceQuestion
            name="hasLostMoney"
            {...Q.hasLostMoney}
            value={form.hasLostMoney}
            onChange={set('hasLostMoney')}
            error={errors.hasLostMoney}
          />
          {form.hasLostMoney === 'yes' ? (
            <TextQuestion
              id="lossAmount"
              n={Q.lossAmount.n}
              title={Q.lossAmount.title}
              placeholder="e.g. $500"
              value={form.lossAmount}
              onChange={set('lossAmount')}
              error={errors.lossAmount}
            />
          ) : null}
          <ChoiceQuestion
            name="usageMethod"
            {...Q.usageMethod}
            value={form.usageMethod}
            onChange={set('usageMethod')}
            error={errors.usageMethod}
          />
          <ChoiceQuestion
            name="wantsCall"
            {...Q.wantsCall}
            value={form.wantsCall}
            onChange={set('wantsCall')}
            error={errors.wantsCall}
          />
          {form.wantsCall === 'yes' ? (
            <TextQuestion
              id="callNumber"
              n={Q.callNumber.n}
              title={Q.callNumber.title}
              type="tel"
              placeholder="801 234 5678"
              value={form.callNumber}
              onChange={set('callNumber')}
              error={errors.callNumber}
              dialCode={{
                id: 'callCountryCode',
                label: 'Call country code',
                value: form.callCountryCode,
                onChange: set('callCountryCode'),
              }}
            />
          ) : null}
          <ChoiceQuestion
            name="readyToStart"
            {...Q.readyToStart}
            value={form.readyToStart}
            onChange={set('readyToStart')}
            error={errors.readyToStart}
          />
          <SubmitButton busy={submitting} busyText="Submitting...">
            Submit Form & Get AI Access
          </SubmitButton>
        </form>
      </main>
    </div>
  );
}

import {
  formatMoney,
  planLevels,
  RISK_PLAN_CURRENCIES,
  RISK_PLAN_LIMITS,
  type RiskPlanCurrency,
  type TRiskPlan,
  worstSignalLoss,
} from '@signalroom/shared';
import { type FormEvent, useState } from 'react';
import { useRiskPlanStore } from '../../stores/risk-plan.store.js';
import { FormAlert, SelectField, TextField } from '../public/form-field.js';
import buttonStyles from '../ui/button.module.css';
import formStyles from '../ui/form.module.css';
import styles from './risk-plan.module.css';

interface Draft {
  stake: string;
  maxLevel: string;
  dailyLossLimit: string;
  currency: RiskPlanCurrency;
}

const draftOf = (plan: TRiskPlan | null): Draft => ({
  stake: plan ? String(plan.stake) : '10',
  maxLevel: plan ? String(plan.maxLevel) : '1',
  dailyLossLimit: plan ? String(plan.dailyLossLimit) : '100',
  currency: plan?.currency ?? 'USD',
});

/** A typed amount as a number (a comma as the decimal point too); NaN when it is not one, for the server to refuse. */
const amountOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim().replace(',', '.')));

/**
 * The risk plan's form (Settings, and the room before a plan is set): stake, highest martingale level,
 * daily loss limit and currency, with what one signal can cost under it. The server checks every rule
 * and answers each field's message; the form only shows them.
 */
export function RiskPlanForm({ idPrefix }: { idPrefix: string }) {
  const saved = useRiskPlanStore((s) => s.standing?.plan ?? null);
  const save = useRiskPlanStore((s) => s.save);
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const stake = amountOf(draft.stake);
  const maxLevel = Number(draft.maxLevel);
  const levels = Number.isFinite(stake) && stake > 0 ? planLevels({ stake, maxLevel }) : [];
  const worst = levels.length ? worstSignalLoss({ stake, maxLevel }) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await save({
      stake,
      maxLevel,
      dailyLossLimit: amountOf(draft.dailyLossLimit),
      currency: draft.currency,
    });
    setBusy(false);
    setErrors(answer.ok ? {} : answer.fields);
    setNotice({ kind: answer.ok ? 'success' : 'error', text: answer.message });
  }

  const field = (key: keyof Draft) => ({
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
  });

  return (
    <form
      className={formStyles.compactForm}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid={`${idPrefix}-form`}
    >
      <div className={formStyles.fieldRow}>
        <TextField
          id={`${idPrefix}-stake`}
          label="Stake per signal"
          inputMode="decimal"
          hint={`From ${RISK_PLAN_LIMITS.stake.min}; each martingale level doubles it.`}
          {...field('stake')}
        />
        <SelectField id={`${idPrefix}-level`} label="Highest martingale level" {...field('maxLevel')}>
          {[0, 1, 2, 3].map((level) => (
            <option key={level} value={level}>
              {level === 0 ? 'Level 0 (the first window only)' : `Level ${level}`}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${idPrefix}-limit`}
          label="Daily loss limit"
          inputMode="decimal"
          hint="The room stops offering trades for the day before one more loss could pass it."
          {...field('dailyLossLimit')}
        />
        <SelectField
          id={`${idPrefix}-currency`}
          label="Account currency"
          value={draft.currency}
          error={errors.currency}
          onChange={(e) => setDraft({ ...draft, currency: e.target.value as RiskPlanCurrency })}
        >
          {RISK_PLAN_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </div>
      {worst !== null && (
        <p className={styles.worst} data-testid={`${idPrefix}-worst`}>
          Stakes{' '}
          {levels
            .filter((l) => l.withinPlan)
            .map((l) => formatMoney(l.stake, draft.currency))
            .join(', ')}
          : a signal lost through level {maxLevel} costs {formatMoney(worst, draft.currency)}.
        </p>
      )}
      {notice ? <FormAlert kind={notice.kind}>{notice.text}</FormAlert> : null}
      <button type="submit" className={`${buttonStyles.btn} ${buttonStyles.btnPrimary}`} disabled={busy}>
        {busy ? 'Saving...' : 'Save Risk Plan'}
      </button>
    </form>
  );
}

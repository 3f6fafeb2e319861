import {
  BOT_LIMITS,
  BOT_RISK_LEVELS,
  BOT_RISK_RULES,
  BOT_TRADE_SIZES,
  BotMessages,
  type BotRiskLevel,
  type TBotSettings,
  type TBotSettingsRequest,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { Settings2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import buttonStyles from '../../components/ui/button.module.css';
import chipStyles from '../../components/ui/choice-chips.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './ai-bot.module.css';

/** What a risk level changes, in words, from the one rule the worker trades with. */
export function riskLevelSummary(level: BotRiskLevel): string {
  const rule = BOT_RISK_RULES[level];
  const takes = rule.minConfidence > 0 ? `signals of ${rule.minConfidence}% confidence or more` : 'every signal';
  const levels = rule.maxLevel === 0 ? 'no martingale' : `martingale up to level ${rule.maxLevel}`;
  return `Takes ${takes}, ${levels}.`;
}

/** Bot Configuration: risk level, max trades per day (1 to 100), trade size; saved by 'Update Settings'. */
export function BotConfigPanel({
  settings,
  busy,
  onSave,
}: {
  settings: TBotSettings;
  busy: boolean;
  onSave: (body: TBotSettingsRequest) => void;
}) {
  const [riskLevel, setRiskLevel] = useState(settings.riskLevel);
  const [maxTrades, setMaxTrades] = useState(String(settings.maxTradesPerDay));
  const [tradeSize, setTradeSize] = useState(settings.tradeSize);
  const [error, setError] = useState('');

  useEffect(() => {
    setRiskLevel(settings.riskLevel);
    setMaxTrades(String(settings.maxTradesPerDay));
    setTradeSize(settings.tradeSize);
  }, [settings]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(maxTrades);
    if (!Number.isInteger(value) || value < BOT_LIMITS.maxTradesMin || value > BOT_LIMITS.maxTradesMax) {
      setError(BotMessages.maxTrades);
      return;
    }
    setError('');
    onSave({ riskLevel, maxTradesPerDay: value, tradeSize: tradeSize as TBotSettingsRequest['tradeSize'] });
  }

  return (
    <section className={panelStyles.panel} aria-labelledby="bot-config-title">
      <h2 id="bot-config-title">
        <Settings2 aria-hidden="true" size={18} /> Bot Configuration
      </h2>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <fieldset className={chipStyles.choices}>
          <legend>Risk level</legend>
          {BOT_RISK_LEVELS.map((level) => (
            <label key={level} className={clsx(chipStyles.choice, riskLevel === level && chipStyles.isChosen)}>
              <input
                type="radio"
                name="riskLevel"
                value={level}
                checked={riskLevel === level}
                onChange={() => setRiskLevel(level)}
              />
              {BOT_RISK_RULES[level].label}
            </label>
          ))}
        </fieldset>
        <p className={styles.hint}>{riskLevelSummary(riskLevel)}</p>
        <div className={formStyles.field}>
          <label htmlFor="bot-max-trades">Max trades per day</label>
          <input
            id="bot-max-trades"
            className={formStyles.input}
            type="number"
            inputMode="numeric"
            min={BOT_LIMITS.maxTradesMin}
            max={BOT_LIMITS.maxTradesMax}
            value={maxTrades}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'bot-max-trades-error' : undefined}
            onChange={(e) => {
              setMaxTrades(e.target.value);
              setError('');
            }}
          />
          {error && (
            <p id="bot-max-trades-error" className={formStyles.fieldError}>
              {error}
            </p>
          )}
        </div>
        <fieldset className={chipStyles.choices}>
          <legend>Trade size</legend>
          {BOT_TRADE_SIZES.map((size) => (
            <label key={size} className={clsx(chipStyles.choice, tradeSize === size && chipStyles.isChosen)}>
              <input
                type="radio"
                name="tradeSize"
                value={size}
                checked={tradeSize === size}
                onChange={() => setTradeSize(size)}
              />
              ${size}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
          {busy ? 'Saving...' : 'Update Settings'}
        </button>
      </form>
    </section>
  );
}

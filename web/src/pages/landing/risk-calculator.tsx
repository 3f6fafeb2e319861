import { calculateRisk, calculatorCapital, RISK_CALCULATOR } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './risk-calculator.module.css';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const signed = (n: number) => `${n > 0 ? '+' : ''}${money.format(n)}`;

/** Risk calculator: inputs, ranges, defaults, formulas and its disclaimer. */
export function RiskCalculator() {
  const id = useId();
  const [capital, setCapital] = useState<string>(String(RISK_CALCULATOR.capital.default));
  const [riskPercent, setRiskPercent] = useState<number>(RISK_CALCULATOR.riskPercent.default);
  const [winRate, setWinRate] = useState<number>(RISK_CALCULATOR.winRatePercent.default);
  const [ratio, setRatio] = useState<number>(RISK_CALCULATOR.defaultRewardRatio);
  // Below the $100 minimum (or half-typed), figures use the minimum; leaving the field writes it back.
  const held = calculatorCapital(capital);
  const result = calculateRisk({
    capital: held,
    riskPercent,
    winRatePercent: winRate,
    rewardRatio: ratio,
  });
  const tone = (n: number) => (n > 0 ? 'positive' : n < 0 ? 'negative' : '');

  return (
    <div className={clsx(panelStyles.card, styles.calc)}>
      <form className={formStyles.form} onSubmit={(e) => e.preventDefault()} aria-label="Risk calculator inputs">
        <div className={formStyles.field}>
          <label htmlFor={`${id}-capital`}>Trading capital (USD)</label>
          <input
            id={`${id}-capital`}
            className={formStyles.input}
            type="number"
            inputMode="numeric"
            min={RISK_CALCULATOR.capital.min}
            step={RISK_CALCULATOR.capital.step}
            value={capital}
            onChange={(e) => setCapital(e.target.value)}
            onBlur={() => setCapital(String(held))}
            aria-describedby={`${id}-capital-hint`}
          />
          <p id={`${id}-capital-hint`} className={formStyles.fieldHint}>
            At least {money.format(RISK_CALCULATOR.capital.min)}.
          </p>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-risk`}>Risk per trade</label>
          <div className={styles.rangeRow}>
            <input
              id={`${id}-risk`}
              type="range"
              min={RISK_CALCULATOR.riskPercent.min}
              max={RISK_CALCULATOR.riskPercent.max}
              step={RISK_CALCULATOR.riskPercent.step}
              value={riskPercent}
              aria-valuetext={`${riskPercent}%`}
              onChange={(e) => setRiskPercent(Number(e.target.value))}
            />
            <output className={styles.rangeValue} htmlFor={`${id}-risk`}>
              {riskPercent}%
            </output>
          </div>
          <p className={formStyles.fieldHint}>We advise at most 2% of capital per signal.</p>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={`${id}-winrate`}>Expected win rate</label>
          <div className={styles.rangeRow}>
            <input
              id={`${id}-winrate`}
              type="range"
              min={RISK_CALCULATOR.winRatePercent.min}
              max={RISK_CALCULATOR.winRatePercent.max}
              step={RISK_CALCULATOR.winRatePercent.step}
              value={winRate}
              aria-valuetext={`${winRate}%`}
              onChange={(e) => setWinRate(Number(e.target.value))}
            />
            <output className={styles.rangeValue} htmlFor={`${id}-winrate`}>
              {winRate}%
            </output>
          </div>
        </div>
        <fieldset className={formStyles.field}>
          <legend className={clsx(formStyles.label, styles.ratioLegend)}>Risk : reward</legend>
          <div className={styles.seg}>
            {RISK_CALCULATOR.rewardRatios.map((r) => (
              <label key={r}>
                <input type="radio" name={`${id}-ratio`} value={r} checked={ratio === r} onChange={() => setRatio(r)} />
                <span>1:{r}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </form>
      <div className={styles.calcOutput}>
        <dl className={styles.calcResults} aria-live="polite">
          <div className={styles.calcResult}>
            <dt>Risk per trade</dt>
            <dd>{money.format(result.riskAmount)}</dd>
          </div>
          <div className={styles.calcResult}>
            <dt>Profit per win</dt>
            <dd>{money.format(result.profitPerWin)}</dd>
          </div>
          <div className={clsx(styles.calcResult, styles[tone(result.expectedValuePerTrade)])}>
            <dt>Expected value per trade</dt>
            <dd>{signed(result.expectedValuePerTrade)}</dd>
          </div>
          <div className={clsx(styles.calcResult, styles[tone(result.monthlyExpected)])}>
            <dt>Monthly ({RISK_CALCULATOR.tradesPerMonth} trades)</dt>
            <dd>{signed(result.monthlyExpected)}</dd>
          </div>
          <div className={clsx(styles.calcResult, styles[tone(result.monthlyReturnPercent)], styles.calcResultWide)}>
            <dt>Monthly return on capital</dt>
            <dd>
              {result.monthlyReturnPercent > 0 ? '+' : ''}
              {result.monthlyReturnPercent.toFixed(1)}%
            </dd>
          </div>
        </dl>
        <p className={styles.calcDisclaimer}>
          For educational purposes only. This is arithmetic on the numbers you enter, not a forecast or a promise of
          returns. Trading is risky: only trade with funds you can afford to lose.
        </p>
      </div>
    </div>
  );
}

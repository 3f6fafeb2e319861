import {
  breakEvenWinRate,
  calculateRisk,
  calculatorCapital,
  calculatorStartRate,
  RISK_CALCULATOR,
  type TRate,
  winRateHeadline,
} from '@signalroom/shared';
import { clsx } from 'clsx';
import { useId, useState } from 'react';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './risk-calculator.module.css';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const signed = (n: number) => `${n > 0 ? '+' : ''}${money.format(n)}`;

interface CalculatorProps {
  /** The operator's payout (percent of the stake a win pays). */
  payoutPercent: number;
  /** The record's first-window rate, with its sample and interval. */
  record: TRate;
}

/**
 * Risk calculator on this product's own trades: fixed payout (a win pays the payout on the stake, a loss
 * costs it), the win rate starting from the record's first-window rate, its disclaimer.
 */
export function RiskCalculator({ payoutPercent, record }: CalculatorProps) {
  const id = useId();
  const [capital, setCapital] = useState<string>(String(RISK_CALCULATOR.capital.default));
  const [riskPercent, setRiskPercent] = useState<number>(RISK_CALCULATOR.riskPercent.default);
  // Untouched, the slider follows the record (its figures arrive after the first paint).
  const [chosenRate, setWinRate] = useState<number | null>(null);
  const winRate = chosenRate ?? calculatorStartRate(record.percent, payoutPercent);
  const recordLine = winRateHeadline(record, 'won in the first window');
  // Below the $100 minimum (or half-typed), figures use the minimum; leaving the field writes it back.
  const held = calculatorCapital(capital);
  const result = calculateRisk({ capital: held, riskPercent, winRatePercent: winRate, payoutPercent });
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
          <p className={formStyles.fieldHint} data-testid="calculator-record">
            {recordLine
              ? `Starts from the record: ${recordLine}.`
              : 'No signal of the record has resolved yet: it starts at break-even.'}
          </p>
        </div>
        <div className={formStyles.field}>
          <span className={formStyles.label}>Payout on a win</span>
          <p className={styles.payout} data-testid="calculator-payout">
            {payoutPercent}% of the stake
          </p>
          <p className={formStyles.fieldHint}>
            Signals here are fixed-payout trades: a win pays {payoutPercent}% of the stake, a loss costs the stake.
            Break-even: {breakEvenWinRate(payoutPercent)}% of trades won.
          </p>
        </div>
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

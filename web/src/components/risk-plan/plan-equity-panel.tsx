import { formatMoney, PAGES } from '@signalroom/shared';
import { LineChart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { EquityChart } from '../charts/equity-chart.js';
import { useClock } from '../clock/use-clock.js';
import pageStyles from '../dashboard/dashboard-page.module.css';
import { formatClock } from '../dashboard/signal-format.js';
import panelStyles from '../ui/panel.module.css';
import { SectionLoadState } from '../ui/section-load-state.js';
import styles from './risk-plan.module.css';
import { useRiskPlan } from './use-risk-plan.js';

/**
 * The Command Center's view of the member's plan: its own equity since it was set, from the witnessed
 * record (every counted signal resolved since, at the plan's stake and highest level), with its drawdown.
 */
export function PlanEquityPanel() {
  const { standing, loadState, load } = useRiskPlan();
  const { timeZone } = useClock();
  const plan = standing?.plan ?? null;
  const equity = standing?.equity ?? null;
  const money = (amount: number) => formatMoney(amount, plan?.currency ?? 'USD');
  let body: React.ReactNode;
  if (!standing) {
    body = <SectionLoadState state={loadState} what="your risk plan" onRetry={() => void load()} />;
  } else if (!plan) {
    body = (
      <p className={pageStyles.muted}>
        No risk plan yet. <Link to={`${PAGES.settings.path}#risk-plan`}>Set your risk plan</Link> and its result on the
        record's signals shows here from then on.
      </p>
    );
  } else if (!equity) {
    body = <p className={pageStyles.muted}>Your plan's figures wait for the track record to check out.</p>;
  } else {
    body = (
      <>
        <dl className={styles.figures} data-testid="plan-equity">
          <div>
            <dt>Result since {formatClock(plan.setAt, timeZone, false)}</dt>
            <dd data-testid="plan-equity-final">
              {equity.final > 0 ? '+' : ''}
              {money(equity.final)}
            </dd>
          </div>
          <div>
            <dt>Largest drawdown</dt>
            <dd data-testid="plan-equity-drawdown">{money(equity.maxDrawdown)}</dd>
          </div>
          <div>
            <dt>Signals counted</dt>
            <dd>{equity.signals}</dd>
          </div>
        </dl>
        {equity.points.length > 0 ? (
          <EquityChart curve={equity} timeZone={timeZone} money={money} />
        ) : (
          <p className={pageStyles.muted}>No signal of the record has resolved since you set this plan.</p>
        )}
        <p className={pageStyles.muted}>
          Every signal of the public track record resolved since you set the plan, at {money(plan.stake)} doubling per
          level up to level {plan.maxLevel}, paid at the payout each signal was issued at.
        </p>
      </>
    );
  }
  return (
    <section className={panelStyles.panel} aria-labelledby="plan-equity-title" data-testid="plan-equity-panel">
      <h2 id="plan-equity-title">
        <LineChart aria-hidden="true" size={20} /> Your plan on the record
      </h2>
      {body}
    </section>
  );
}

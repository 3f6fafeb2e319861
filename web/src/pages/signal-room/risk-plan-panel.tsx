import { formatMoney, PAGES, type TRiskPlanStanding } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import riskStyles from '../../components/risk-plan/risk-plan.module.css';
import { RiskPlanForm } from '../../components/risk-plan/risk-plan-form.js';
import panelStyles from '../../components/ui/panel.module.css';
import { SectionLoadState, type SectionPhase } from '../../components/ui/section-load-state.js';

interface PanelProps {
  standing: TRiskPlanStanding | null;
  /** The first read's state (loading, or failed with its message). */
  loadState: SectionPhase;
  /** Why the last refresh failed (the last standing stays shown). */
  message: string | null;
  onRetry(): void;
}

/**
 * The room's risk plan: the form on first entry (no plan yet), then today's figures under the plan, as
 * the server computed them from the record, and where the plan stops the day.
 */
export function RiskPlanPanel({ standing, loadState, message, onRetry }: PanelProps) {
  const head = (
    <h2 id="risk-plan-title">
      <ShieldCheck aria-hidden="true" size={20} /> Your risk plan
    </h2>
  );
  const region = clsx(panelStyles.panel, pageStyles.stack);
  if (!standing) {
    return (
      <section className={region} aria-labelledby="risk-plan-title" data-testid="room-risk-plan">
        {head}
        <SectionLoadState state={loadState} what="your risk plan" onRetry={onRetry} />
      </section>
    );
  }
  const { plan, today } = standing;
  if (!plan) {
    return (
      <section className={region} aria-labelledby="risk-plan-title" data-testid="room-risk-plan">
        {head}
        <p>
          Set what you stake on a signal, the highest martingale level you will take and the most you will lose in a
          day. The room then shows each signal's stakes and tells you when your plan stops for the day.
        </p>
        <RiskPlanForm idPrefix="room-plan" />
      </section>
    );
  }
  const money = (amount: number) => formatMoney(amount, plan.currency);
  return (
    <section className={region} aria-labelledby="risk-plan-title" data-testid="room-risk-plan">
      {head}
      {standing.withheld || !today ? (
        <p className={pageStyles.muted}>
          Today's figures under your plan wait for the track record: they come only from a record that checks out.
        </p>
      ) : (
        <>
          {today.stopped && (
            <div className={riskStyles.stopped} role="status" data-testid="plan-stopped">
              <h3>Your plan stops here for today</h3>
              <p>
                Today's loss under your plan is {money(today.loss)}. One more signal lost through level {plan.maxLevel}{' '}
                would cost {money(today.worstNext)}, past your daily loss limit of {money(plan.dailyLossLimit)}.
              </p>
            </div>
          )}
          <dl className={riskStyles.figures} data-testid="plan-today">
            <div>
              <dt>Today under your plan</dt>
              <dd data-testid="plan-today-result">
                {today.result > 0 ? '+' : ''}
                {money(today.result)}
              </dd>
            </div>
            <div>
              <dt>Signals counted today</dt>
              <dd>{today.signals}</dd>
            </div>
            <div>
              <dt>Loss against the limit</dt>
              <dd>
                {money(today.loss)} of {money(plan.dailyLossLimit)}
              </dd>
            </div>
            <div>
              <dt>One more full loss</dt>
              <dd>{money(today.worstNext)}</dd>
            </div>
          </dl>
          <p className={pageStyles.muted}>
            Counted from the track record: today's resolved signals your room showed in full ({today.day},{' '}
            {today.timeZone}), at a stake of {money(plan.stake)} doubling per level up to level {plan.maxLevel}.
          </p>
        </>
      )}
      {message && <p className={pageStyles.muted}>Not refreshed: {message}</p>}
      <p>
        <Link to={`${PAGES.settings.path}#risk-plan`}>Change your plan</Link>
      </p>
    </section>
  );
}

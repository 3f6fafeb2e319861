import { clsx } from 'clsx';
import { ShieldCheck } from 'lucide-react';
import { RiskPlanForm } from '../../components/risk-plan/risk-plan-form.js';
import { useRiskPlan } from '../../components/risk-plan/use-risk-plan.js';
import panelStyles from '../../components/ui/panel.module.css';
import { SectionLoadState } from '../../components/ui/section-load-state.js';
import styles from './settings.module.css';

/** The member's risk plan: what the room stakes per level and where it stops the day. */
export function RiskPlanSection() {
  const { standing, loadState, load } = useRiskPlan();
  return (
    <section
      id="risk-plan"
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-risk-plan"
      data-testid="settings-risk-plan"
    >
      <h2 id="settings-risk-plan">
        <ShieldCheck aria-hidden="true" size={20} /> Risk plan
      </h2>
      <SectionLoadState state={loadState} what="your risk plan" onRetry={() => void load()} />
      {/* Keyed by when the plan was set: a save elsewhere (the room) refills the form. */}
      {standing && <RiskPlanForm key={standing.plan?.setAt ?? 'none'} idPrefix="settings-plan" />}
    </section>
  );
}

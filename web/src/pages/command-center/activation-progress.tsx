import { clsx } from 'clsx';
import { AccessCodeForm } from '../../components/dashboard/access-code-form.js';
import { ActivationStatus } from '../../components/dashboard/activation-status.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import panelStyles from '../../components/ui/panel.module.css';

/** The guest's live activation status and the access code field, side by side on wide screens. */
export function ActivationProgress() {
  return (
    <div className={clsx(pageStyles.grid, pageStyles.grid2)} data-testid="activation-progress">
      <section className={panelStyles.panel} aria-labelledby="activation-status-title">
        <h2 id="activation-status-title">Your activation</h2>
        <ActivationStatus />
      </section>
      <section className={panelStyles.panel} aria-label="Access code">
        <AccessCodeForm />
      </section>
    </div>
  );
}

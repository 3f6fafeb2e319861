import { AccessCodeForm } from '../../components/dashboard/access-code-form.js';
import { ActivationStatus } from '../../components/dashboard/activation-status.js';

/** The guest's live activation status and the access code field, side by side on wide screens. */
export function ActivationProgress() {
  return (
    <div className="grid grid-2" data-testid="activation-progress">
      <section className="panel" aria-labelledby="activation-status-title">
        <h2 id="activation-status-title">Your activation</h2>
        <ActivationStatus />
      </section>
      <section className="panel" aria-label="Access code">
        <AccessCodeForm />
      </section>
    </div>
  );
}

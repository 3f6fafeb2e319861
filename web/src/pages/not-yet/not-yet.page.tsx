import { Link } from 'react-router-dom';
import panelStyles from '../../components/ui/panel.module.css';

/** Dashboard screens that are not part of this release say so plainly instead of showing made-up content. */
export function Component() {
  return (
    <section className={panelStyles.panel} aria-labelledby="not-yet-title">
      <h1 id="not-yet-title">Coming in a later release</h1>
      <p>This part of the dashboard is not available yet.</p>
      <Link to="/dashboard">Back to the Command Center</Link>
    </section>
  );
}

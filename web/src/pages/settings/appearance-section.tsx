import { clsx } from 'clsx';
import { SunMoon } from 'lucide-react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { ThemeSwitch } from '../../components/ui/theme-switch.js';
import styles from './settings.module.css';

/** Appearance: the theme of this device (kept in this browser, not on the account). */
export function AppearanceSection() {
  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-appearance"
      data-testid="settings-appearance"
    >
      <h2 id="settings-appearance">
        <SunMoon aria-hidden="true" size={20} /> Appearance
      </h2>
      <p className={pageStyles.muted}>
        System follows this device's light or dark setting. Your choice is kept in this browser.
      </p>
      <ThemeSwitch />
    </section>
  );
}

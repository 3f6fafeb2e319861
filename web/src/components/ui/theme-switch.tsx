import { clsx } from 'clsx';
import { setThemeChoice, THEME_CHOICES, useThemeChoice } from '../../app/theme.js';
import styles from './choice-chips.module.css';

/** System / Light / Dark for this device, as one group of radio buttons. */
export function ThemeSwitch({ className }: { className?: string }) {
  const choice = useThemeChoice();
  return (
    <fieldset className={clsx(styles.choices, className)} data-testid="theme-switch">
      <legend>Theme</legend>
      {THEME_CHOICES.map((option) => (
        <label key={option.value} className={clsx(styles.choice, choice === option.value && styles.isChosen)}>
          <input
            type="radio"
            name="theme"
            value={option.value}
            checked={choice === option.value}
            onChange={() => setThemeChoice(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

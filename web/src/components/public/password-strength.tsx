import { passwordStrengthChecks } from '@signalroom/shared';
import formStyles from '../ui/form.module.css';
import textStyles from '../ui/text.module.css';

/** The three strength bars of the sign-up form: length 8, an uppercase letter, a digit. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const checks = passwordStrengthChecks(password);
  const items = [
    { met: checks.length, label: '8+ characters' },
    { met: checks.uppercase, label: 'Uppercase letter' },
    { met: checks.digit, label: 'Number' },
  ];
  return (
    <ul className={formStyles.strength} id={id} aria-label="Password strength">
      {items.map((item) => (
        <li key={item.label} className={item.met ? formStyles.met : undefined}>
          {item.label}
          <span className={textStyles.srOnly}>{item.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}

import { passwordStrengthChecks } from '@signalroom/shared';

/** The three strength bars of the sign-up form: length 8, an uppercase letter, a digit. */
export function PasswordStrength({ password, id }: { password: string; id: string }) {
  const checks = passwordStrengthChecks(password);
  const items = [
    { met: checks.length, label: '8+ characters' },
    { met: checks.uppercase, label: 'Uppercase letter' },
    { met: checks.digit, label: 'Number' },
  ];
  return (
    <ul className="strength" id={id} aria-label="Password strength">
      {items.map((item) => (
        <li key={item.label} className={item.met ? 'met' : undefined}>
          {item.label}
          <span className="sr-only">{item.met ? ' (met)' : ' (not met)'}</span>
        </li>
      ))}
    </ul>
  );
}

import { ACCESS_PATH_LABELS, COUNTRIES, type TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import * as api from '../../api/api.js';
import { browserTimeZone, formatDayForReader, timeZoneChoices } from '../../components/clock/use-clock.js';
import { FormAlert, SelectField, TextField } from '../../components/public/form-field.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './settings.module.css';

type Outcome = { kind: 'error' | 'success'; text: string; fields?: Record<string, string> } | null;

/** The tier a member reads first (what unlocks the pages); the access level below it is the deposit's. */
const TIER_NAMES: Record<TUser['tier'], string> = { guest: 'Guest trial', silver: 'Silver', pro: 'Pro', gold: 'Gold' };

const ACCESS_LEVEL_LABELS: Record<TUser['accessLevel'], string> = {
  free: 'Free',
  basic: 'Basic',
  deposited: 'Deposited',
  premium: 'Premium',
};

/** Profile: name and contact details, the e-mail change with its code, and what only an admin changes. */
export function ProfileSection({ user }: { user: TUser }) {
  const setUser = useSessionStore((s) => s.setUser);
  const [form, setForm] = useState({
    fullName: user.fullName,
    phone: user.phone,
    country: user.country,
    telegram: user.telegram ?? '',
    // First guessed from the browser; saved with the profile, then every time is shown in it.
    timeZone: user.timeZone || browserTimeZone(),
  });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.users.updateProfile({ body: { ...form, telegram: form.telegram.trim() || null } });
    setBusy(false);
    if (result.ok) {
      setUser(result.data);
      setOutcome({ kind: 'success', text: result.message });
    } else setOutcome({ kind: 'error', text: result.message, fields: result.fields });
  }

  return (
    <section
      className={clsx(panelStyles.panel, styles.section)}
      aria-labelledby="settings-profile"
      data-testid="settings-profile"
    >
      <h2 id="settings-profile">
        <UserRound aria-hidden="true" size={20} /> Profile
      </h2>
      <dl className={styles.readonly}>
        <div>
          <dt>Tier</dt>
          <dd data-testid="settings-tier">{TIER_NAMES[user.tier]}</dd>
        </div>
        <div>
          <dt>Access level</dt>
          <dd data-testid="settings-access-level">{ACCESS_LEVEL_LABELS[user.accessLevel]}</dd>
        </div>
        <div>
          <dt>Access path</dt>
          <dd>{user.accessPath ? ACCESS_PATH_LABELS[user.accessPath] : 'Not Selected'}</dd>
        </div>
        <div>
          <dt>Member since</dt>
          <dd>{formatDayForReader(user.createdAt)}</dd>
        </div>
      </dl>
      <form className={formStyles.form} onSubmit={save} noValidate>
        <TextField
          id="settings-full-name"
          label="Full name"
          autoComplete="name"
          value={form.fullName}
          onChange={set('fullName')}
          error={outcome?.fields?.fullName}
        />
        <div className={formStyles.twoCol}>
          <TextField
            id="settings-phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onChange={set('phone')}
            error={outcome?.fields?.phone}
          />
          <SelectField
            id="settings-country"
            label="Country"
            value={form.country}
            onChange={set('country')}
            error={outcome?.fields?.country}
          >
            <option value="">Select your country</option>
            {COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
        <SelectField
          id="settings-time-zone"
          label="Time zone"
          hint="Every time on every screen and in your e-mails is shown in this zone."
          value={form.timeZone}
          onChange={set('timeZone')}
          error={outcome?.fields?.timeZone}
        >
          {timeZoneChoices(form.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <TextField
          id="settings-telegram"
          label="Telegram username"
          optional
          placeholder="@username"
          value={form.telegram}
          onChange={set('telegram')}
          error={outcome?.fields?.telegram}
        />
        {outcome ? <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert> : null}
        <div>
          <button type="submit" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} disabled={busy}>
            {busy ? 'Saving...' : 'Save Profile'}
          </button>
        </div>
      </form>
      <EmailChange user={user} onChanged={setUser} />
    </section>
  );
}

/** The e-mail: a code goes to the new address, and the change applies once that code is entered. */
function EmailChange({ user, onChanged }: { user: TUser; onChanged(user: TUser): void }) {
  const [newEmail, setNewEmail] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.users.requestEmailChange({ body: { newEmail } });
    setBusy(false);
    if (result.ok) {
      setPending(result.data.newEmail);
      setOutcome({ kind: 'success', text: result.message });
    } else setOutcome({ kind: 'error', text: result.message });
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const result = await api.users.confirmEmailChange({ body: { confirmationCode: code } });
    setBusy(false);
    if (result.ok) {
      onChanged(result.data);
      setPending(null);
      setNewEmail('');
      setCode('');
      setOutcome({ kind: 'success', text: result.message });
    } else setOutcome({ kind: 'error', text: result.message });
  }

  return (
    <div className={formStyles.form} data-testid="settings-email">
      <h3>Email address</h3>
      <p>
        Current: <strong data-testid="settings-current-email">{user.email}</strong>
      </p>
      {pending ? (
        <form className={styles.row} onSubmit={confirm} noValidate>
          <TextField
            id="settings-email-code"
            label={`Code sent to ${pending}`}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className={buttonStyles.btn} disabled={busy}>
            Confirm New Email
          </button>
        </form>
      ) : (
        <form className={styles.row} onSubmit={send} noValidate>
          <TextField
            id="settings-new-email"
            label="New email address"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
          <button type="submit" className={buttonStyles.btn} disabled={busy}>
            Send Code
          </button>
        </form>
      )}
      {outcome ? <FormAlert kind={outcome.kind}>{outcome.text}</FormAlert> : null}
    </div>
  );
}

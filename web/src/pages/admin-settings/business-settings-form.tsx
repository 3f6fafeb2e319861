import {
  BusinessSettingsMessages,
  parseSupportHours,
  type TAdminBusinessSettings,
  type TBusinessSettings,
  ZBusinessSettingsRequest,
} from '@signalroom/shared';
import { useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';
import { timeZoneChoices } from '../../components/clock/use-clock.js';
import { SelectField, TextField } from '../../components/public/form-field.js';
import formStyles from '../../components/ui/form.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { EditorPanel, FieldError } from '../admin-content/content-form.js';
import { useContentSave } from '../admin-content/use-admin-content.js';
import styles from './admin-settings.module.css';

type TextKey = Exclude<keyof TBusinessSettings, 'supportHours' | 'payoutPercent' | 'timeZone'>;

const TEXT_FIELDS: ReadonlyArray<{ key: TextKey; label: string; placeholder: string; hint?: string }> = [
  { key: 'productName', label: 'Product name', placeholder: 'Signalroom' },
  {
    key: 'brokerRegistrationUrl',
    label: 'Partner broker registration link',
    placeholder: 'https://',
    hint: 'Members open it in Account Setup and on the bot-access page. Empty: those buttons are hidden.',
  },
  { key: 'promoCode', label: 'Broker promo code', placeholder: 'SIGNALROOM100' },
  {
    key: 'supportHandle',
    label: 'Support on Telegram',
    placeholder: '@yoursupport',
    hint: 'The support chat link is https://t.me/ and this handle.',
  },
  { key: 'whatsappNumber', label: 'Support on WhatsApp', placeholder: '+2348012345678' },
  { key: 'supportEmail', label: 'Support e-mail', placeholder: 'support@yourbusiness.com' },
];

/** The hours as the form writes them: one "channel = hours" line each. */
function hoursText(lines: TBusinessSettings['supportHours']): string {
  return lines.map((line) => `${line.channel} = ${line.hours}`).join('\n');
}

/**
 * The business's details (product name, broker link and promo code, support contacts and hours, payout,
 * time zone), checked by the server's own schema before it is sent. The first-run setup and the admin
 * Settings screen show this one form; each save is a new, audited version.
 */
export function BusinessSettingsForm({
  entry,
  onSaved,
  saveLabel,
}: {
  entry: TAdminBusinessSettings;
  onSaved(answer: ApiOutcome<TAdminBusinessSettings>): void;
  saveLabel?: string;
}) {
  const reloadConfig = usePublicConfigStore((s) => s.load);
  const [values, setValues] = useState<TBusinessSettings>(entry.saved);
  const [hours, setHours] = useState(hoursText(entry.saved.supportHours));
  const [payout, setPayout] = useState(entry.saved.payoutPercent === null ? '' : String(entry.saved.payoutPercent));
  const [hoursError, setHoursError] = useState<string | undefined>();
  const { errors, saving, result, save } = useContentSave(ZBusinessSettingsRequest, api.setup.saveSettings, onSaved);
  const parsedHours = parseSupportHours(hours.replaceAll('\n', ';').replaceAll(' = ', '='));

  async function submit() {
    if ('problem' in parsedHours) {
      setHoursError(parsedHours.problem);
      return;
    }
    setHoursError(undefined);
    const draft = {
      ...values,
      supportHours: parsedHours,
      payoutPercent: payout.trim() === '' ? null : Number(payout),
    };
    // Every page reads the public settings: fetch them again once the new ones are in force.
    if (await save(draft)) void reloadConfig({ force: true });
  }

  const hoursFieldError = hoursError ?? Object.entries(errors).find(([key]) => key.startsWith('supportHours'))?.[1];
  return (
    <EditorPanel
      titleId="business-settings-title"
      title="Business details"
      testId="business-settings"
      version={entry.version}
      savedAt={entry.savedAt}
      savedBy={entry.savedBy}
      unsavedNote="Not saved yet: the server configuration's values stand (placeholder contacts are never shown to members)."
      saving={saving}
      result={result}
      saveLabel={saveLabel}
      onSave={() => void submit()}
      form={
        <>
          {TEXT_FIELDS.map((field) => (
            <TextField
              key={field.key}
              id={`business-${field.key}`}
              label={field.label}
              optional={field.key !== 'productName'}
              placeholder={field.placeholder}
              hint={field.hint}
              value={values[field.key]}
              error={errors[field.key]}
              onChange={(e) => setValues((current) => ({ ...current, [field.key]: e.target.value }))}
            />
          ))}
          <div className={formStyles.field}>
            <label htmlFor="business-supportHours">
              Support hours <span className={formStyles.optional}>(optional)</span>
            </label>
            <textarea
              id="business-supportHours"
              className={formStyles.textarea}
              rows={3}
              placeholder="E-mail = Mon-Fri 9:00-17:00"
              value={hours}
              aria-invalid={Boolean(hoursFieldError)}
              aria-describedby={`business-supportHours-hint${hoursFieldError ? ' business-supportHours-error' : ''}`}
              onChange={(e) => setHours(e.target.value)}
            />
            <p className={formStyles.fieldHint} id="business-supportHours-hint">
              One line per channel, as "channel = hours". Empty: the Support Hub claims no hours.
            </p>
            <FieldError id="business-supportHours-error" message={hoursFieldError} />
          </div>
          <TextField
            id="business-payoutPercent"
            label="Broker payout on a won trade (percent)"
            optional
            inputMode="decimal"
            placeholder="85"
            hint="Sets the break-even win rate shown beside every win rate. Takes effect at the server's next start."
            value={payout}
            error={errors.payoutPercent ?? (Number.isNaN(Number(payout)) ? BusinessSettingsMessages.payout : undefined)}
            onChange={(e) => setPayout(e.target.value)}
          />
          <SelectField
            id="business-timeZone"
            label="Business time zone"
            hint="The day of the daily signal limits, and the zone of members who chose none. Takes effect at the server's next start."
            value={values.timeZone}
            error={errors.timeZone}
            onChange={(e) => setValues((current) => ({ ...current, timeZone: e.target.value }))}
          >
            {timeZoneChoices(values.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone === '' ? 'Not set' : zone.replaceAll('_', ' ')}
              </option>
            ))}
          </SelectField>
        </>
      }
      preview={
        <ul className={styles.previewList}>
          <li>Product: {values.productName || '–'}</li>
          <li>Broker button: {values.brokerRegistrationUrl ? 'shown' : 'hidden'}</li>
          <li>
            Support contacts shown:{' '}
            {[values.supportHandle && 'Telegram', values.whatsappNumber && 'WhatsApp', values.supportEmail && 'e-mail']
              .filter(Boolean)
              .join(', ') || 'none (Book 1:1 Session and the contact buttons are hidden)'}
          </li>
          <li>
            Support hours:{' '}
            {'problem' in parsedHours || parsedHours.length === 0
              ? 'none claimed'
              : parsedHours.map((line) => `${line.channel}: ${line.hours}`).join('; ')}
          </li>
        </ul>
      }
    />
  );
}

import { hasSignalAccess } from '@signalroom/shared';
import { useState } from 'react';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { ApiKeysSection } from './api-keys-section.js';
import { AppearanceSection } from './appearance-section.js';
import { DeleteSection, DownloadSection } from './data-section.js';
import { NotificationsSection } from './preferences-section.js';
import { ProfileSection } from './profile-section.js';
import { PushSection } from './push-section.js';
import { RiskPlanSection } from './risk-plan-section.js';
import { SecuritySection, SessionsSection } from './security-section.js';
import styles from './settings.module.css';
import { TelegramSection } from './telegram-section.js';
import { WebhooksSection } from './webhooks-section.js';

/** Profile Settings (/dashboard/settings): 'Elite Account Settings'. */
export function Component() {
  const user = useSessionStore((s) => s.user);
  // A password change ends the other sessions (and, by default, the API keys): the lists are read again.
  const [sessionsKey, setSessionsKey] = useState(0);
  const [keysKey, setKeysKey] = useState(0);

  if (!user) {
    return (
      <p className={pageStyles.muted} role="status">
        Loading...
      </p>
    );
  }
  return (
    <div className={`${pageStyles.page} ${styles.settings}`} data-testid="settings-page">
      <header className={pageStyles.pageHead}>
        <h1>Elite Account Settings</h1>
        <p className={pageStyles.muted}>Your profile, security, sessions, risk plan, notifications and data.</p>
      </header>
      <div className={styles.sections}>
        <div className={styles.wide}>
          <ProfileSection user={user} />
        </div>
        <SecuritySection
          onSessionsChanged={() => {
            setSessionsKey((k) => k + 1);
            setKeysKey((k) => k + 1);
          }}
        />
        <SessionsSection reloadKey={sessionsKey} onAccountChanged={() => setKeysKey((k) => k + 1)} />
        {/* Keys and webhooks are for members with live access (the server refuses the rest with 403). */}
        {hasSignalAccess(user) && <ApiKeysSection reloadKey={keysKey} />}
        {hasSignalAccess(user) && <WebhooksSection />}
        <RiskPlanSection />
        <NotificationsSection />
        <PushSection />
        <AppearanceSection />
        <TelegramSection />
        <DownloadSection />
        <div className={styles.wide}>
          <DeleteSection />
        </div>
      </div>
    </div>
  );
}

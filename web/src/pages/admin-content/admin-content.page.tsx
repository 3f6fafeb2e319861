import { clsx } from 'clsx';
import { FileText, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { AdminNav } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import styles from './admin-content.module.css';
import { LinksEditor } from './links-editor.js';
import { OfferEditor } from './offer-editor.js';
import { ReviewsEditor } from './reviews-editor.js';
import { useAdminContent } from './use-admin-content.js';
import { VaultEditor } from './vault-editor.js';

/**
 * Operator content (/dashboard/admin/content): the landing page's reviews and offer text and the success
 * page's contacts and links, each edited with a preview and saved as a new, audited version; below them,
 * the Master Vault's courses, lessons, live sessions and resources (vault-editor.tsx).
 */
function ContentScreen() {
  const { state, reload, saved } = useAdminContent();
  const loadConfig = usePublicConfigStore((s) => s.load);
  const configStatus = usePublicConfigStore((s) => s.status);
  useEffect(() => {
    void loadConfig();
  }, [loadConfig]);
  if (state.status === 'forbidden') return <AdminsOnly />;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-content">
      <header className={pageStyles.pageHead}>
        <h1>
          <FileText aria-hidden="true" size={26} /> Content
        </h1>
        <p className={pageStyles.muted}>
          What visitors read on the landing page and the bot-access success page, and what members read in the Master
          Vault. Every save is recorded in the audit log.
        </p>
      </header>
      <AdminNav />
      {(state.status === 'loading' || configStatus === 'loading' || configStatus === 'idle') && (
        <div
          className={pageStyles.skeletonRoom}
          role="status"
          aria-label="Loading the content"
          data-testid="content-loading"
        >
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
        </div>
      )}
      {state.status === 'error' && (
        <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)} data-testid="content-error">
          <p>{state.message}</p>
          <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={reload}>
            <RefreshCw aria-hidden="true" size={18} /> Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && configStatus !== 'loading' && configStatus !== 'idle' && (
        <div className={styles.editors}>
          <ReviewsEditor entry={state.data.reviews} onSaved={saved} />
          <OfferEditor entry={state.data.offer} onSaved={saved} />
          <LinksEditor entry={state.data.successLinks} onSaved={saved} />
        </div>
      )}
      {/* Its own calls: it loads, or fails, on its own, whatever the landing content's read does. */}
      <VaultEditor />
    </div>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { ContentScreen as Component };

import { clsx } from 'clsx';
import { RefreshCw, SlidersHorizontal } from 'lucide-react';
import { AdminPageHead } from '../../components/dashboard/admin-nav.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { OfferEditor } from '../admin-content/offer-editor.js';
import { ReviewsEditor } from '../admin-content/reviews-editor.js';
import { useAdminContent } from '../admin-content/use-admin-content.js';
import styles from './admin-settings.module.css';
import { BusinessSettingsForm } from './business-settings-form.js';
import { useBusinessSettings } from './use-business-settings.js';

/**
 * Settings (/dashboard/admin/settings): everything the first-run setup asked, editable later on one
 * screen. The business details, then the landing page's offer and reviews (the Content screen's own
 * editors); every save is recorded in the audit log.
 */
function SettingsScreen() {
  const business = useBusinessSettings();
  const content = useAdminContent();
  if (business.state.status === 'forbidden' || content.state.status === 'forbidden') return <AdminsOnly />;
  const failed = [business.state, content.state].find((state) => state.status === 'error');
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-settings">
      <AdminPageHead icon={SlidersHorizontal} title="Settings">
        The business's details, contacts and landing page. Until a detail is set, members and visitors do not see what
        depends on it. Every save is recorded in the audit log.
      </AdminPageHead>
      {(business.state.status === 'loading' || content.state.status === 'loading') && (
        <div className={pageStyles.skeletonRoom} role="status" aria-label="Loading the settings">
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
        </div>
      )}
      {failed && 'message' in failed && (
        <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)}>
          <p>{failed.message}</p>
          <button
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)}
            onClick={() => {
              business.reload();
              content.reload();
            }}
          >
            <RefreshCw aria-hidden="true" size={18} /> Try again
          </button>
        </div>
      )}
      <div className={styles.sections}>
        {business.state.status === 'ready' && (
          <BusinessSettingsForm entry={business.state.data} onSaved={business.saved} />
        )}
        {content.state.status === 'ready' && (
          <>
            <OfferEditor entry={content.state.data.offer} onSaved={content.saved} />
            <ReviewsEditor entry={content.state.data.reviews} onSaved={content.saved} />
          </>
        )}
      </div>
    </div>
  );
}

/** The router takes the screen by this name; its parent route lets only admins in. */
export { SettingsScreen as Component };

import { tierName } from '@signalroom/shared';
import { clsx } from 'clsx';
import { ArrowLeft, RefreshCw, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { AdminMessages } from '../../components/dashboard/admin-messages.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { TierBadge } from '../../components/dashboard/tier-badge.js';
import { TierUntil } from '../../components/dashboard/tier-until.js';
import buttonStyles from '../../components/ui/button.module.css';
import textStyles from '../../components/ui/text.module.css';
import { AccessForm } from './access-form.js';
import styles from './admin-member.module.css';
import { Applications, Profile, Section, Sessions, Tickets, TierHistory, Trail } from './member-sections.js';
import { type AdminMember, useAdminMember } from './use-admin-member.js';

/**
 * Member detail (/dashboard/admin/users/:id): profile, signals today and last seen, access change with
 * an optional expiry and reason, tier history, sessions (log out one or all), bot-access applications
 * with the member's e-mail, support tickets when there are any, and the member's audit trail.
 */
export function Component() {
  const { id = '' } = useParams();
  return <MemberDetail key={id} id={id} />;
}

function BackLink() {
  return (
    <Link to="/dashboard/admin/users" className={styles.back}>
      <ArrowLeft aria-hidden="true" size={16} /> Admin Users
    </Link>
  );
}

function MemberDetail({ id }: { id: string }) {
  const member = useAdminMember(id);
  const { state } = member;
  if (state.status === 'error' && state.failure === 'forbidden') return <AdminsOnly />;
  if (state.status === 'loading') {
    return (
      <div className={clsx(pageStyles.page, styles.page)}>
        <BackLink />
        <div
          className={pageStyles.skeletonRoom}
          role="status"
          aria-label="Loading the member"
          data-testid="member-loading"
        >
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonTitle)} />
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
        </div>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={clsx(pageStyles.page, styles.page)}>
        <BackLink />
        <div className={clsx(pageStyles.state, pageStyles.stateError)} role="alert" data-testid="member-error">
          <h1>{state.failure === 'not_found' ? 'Member not found' : 'The member could not be loaded'}</h1>
          <p>{state.message}</p>
          {state.failure !== 'not_found' && (
            <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={member.reload}>
              <RefreshCw aria-hidden="true" size={18} /> Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  return <Loaded member={member} detail={state.detail} />;
}

function Loaded({
  member,
  detail,
}: {
  member: AdminMember;
  detail: Extract<AdminMember['state'], { status: 'ready' }>['detail'];
}) {
  const { user } = detail;
  return (
    <div className={clsx(pageStyles.page, styles.page)} data-testid="admin-member">
      <BackLink />
      <header className={clsx(pageStyles.pageHead, styles.head)}>
        <h1>
          <UserRound aria-hidden="true" size={26} /> {user.fullName}
        </h1>
        <p className={styles.headBadges}>
          <TierBadge user={{ tier: user.tier, role: 'member' }} />
          <span className={textStyles.srOnly}>Tier {tierName(user.tier)}</span>
          <TierUntil user={user} />
        </p>
      </header>
      <AdminMessages testId="member" messages={member} alertClassName={styles.alert} />
      <div className={styles.grid}>
        <Section id="member-profile" title="Profile">
          <Profile detail={detail} />
        </Section>
        <Section id="member-access" title="Change access">
          <AccessForm
            key={`${user.tier}-${user.tierExpiresAt}`}
            user={user}
            busy={member.busy}
            onSubmit={member.changeAccess}
          />
        </Section>
        <Section id="member-tiers" title="Tier history">
          <TierHistory detail={detail} />
        </Section>
        <Section id="member-sessions" title="Sessions">
          <Sessions
            detail={detail}
            busy={member.busy}
            onRevoke={(sessionId) => void member.revokeSession(sessionId)}
            onRevokeAll={() => {
              if (window.confirm(`Log ${user.fullName} out of every session?`)) void member.revokeAll();
            }}
          />
        </Section>
        <Section id="member-applications" title="Bot-access applications">
          <Applications detail={detail} />
        </Section>
        {detail.supportTickets.length > 0 && (
          <Section id="member-tickets" title="Support tickets">
            <Tickets detail={detail} />
          </Section>
        )}
      </div>
      <Section id="member-trail" title="Audit trail">
        <Trail detail={detail} />
      </Section>
    </div>
  );
}

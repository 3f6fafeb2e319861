import { PAGES } from '@signalroom/shared';
import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import * as api from '../../api/api.js';
import textStyles from '../../components/ui/text.module.css';
import { LiveSignalsProvider, useLiveSignalsStoreApi } from '../../stores/live-signals.context.js';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import { RecordWitnessBanner } from '../../track-record/record-witness-banner.js';

/** The pages whose figures stand on the track record (the room and the Command Center). */
const RECORD_PAGES = new Set<string>([PAGES.signals.path, PAGES['command-center'].path]);

import { useDocumentTitle } from '../page-title.js';
import { focusPageHeading } from '../route-focus.js';
import { decideAfterMe, decideDashboardEntry } from './dashboard-guard.js';
import { DashboardHeader } from './dashboard-header.js';
import styles from './dashboard-layout.module.css';
import { DashboardSidebar } from './dashboard-sidebar.js';
import { dashboardPageTitle } from './nav-items.js';
import { useWideLayout } from './use-wide-layout.js';

type Phase = 'checking' | 'ready' | 'login';

/**
 * The dashboard shell (/dashboard/*): guards the entry (docs/decisions.md, "Sessions and dashboard
 * access"), verifies the session with the
 * server, then renders sidebar, header and the page. It also opens the live connection for the member.
 */
export function Component() {
  return (
    <LiveSignalsProvider>
      <DashboardShell />
    </LiveSignalsProvider>
  );
}

function DashboardShell() {
  const liveSignals = useLiveSignalsStoreApi();
  const user = useSessionStore((s) => s.user);
  const token = useSessionStore((s) => s.token);
  const deviceToken = useSessionStore((s) => s.deviceToken);
  const [entry] = useState(() => decideDashboardEntry(user, token, deviceToken));
  const [phase, setPhase] = useState<Phase>('checking');
  const [offline, setOffline] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const config = usePublicConfigStore((s) => s.config);
  const loadConfig = usePublicConfigStore((s) => s.load);
  const navigate = useNavigate();
  const location = useLocation();
  const wide = useWideLayout();
  const pageTitle = dashboardPageTitle(location.pathname);
  useDocumentTitle(pageTitle);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Why the menu last closed: focus goes back to the toggle, or to the page a link of the menu opened.
  const closeReason = useRef<'return' | 'navigate' | null>(null);
  // On small screens the open menu is modal: the page behind it is inert.
  const menuModal = menuOpen && !wide;

  useEffect(() => {
    void loadConfig();
  }, [loadConfig]);

  useEffect(() => {
    if (entry !== 'verify') return;
    let cancelled = false;
    void api.auth.me().then((result) => {
      if (cancelled) return;
      const decision = decideAfterMe(result);
      // A dead token: the client has already ended the session (api/client.ts).
      if (decision.next === 'login') {
        setPhase('login');
        return;
      }
      if (decision.user) useSessionStore.getState().setUser(decision.user);
      else setOffline(true);
      setPhase('ready');
    });
    return () => {
      cancelled = true;
    };
  }, [entry]);

  // The session can end while the dashboard is open (a dead token seen by a poll): go to login.
  useEffect(() => {
    if (phase === 'ready' && !user && !signingOut) setPhase('login');
  }, [phase, user, signingOut]);

  // One live connection per signed-in member; closed on sign-out or when the shell unmounts.
  useEffect(() => {
    if (phase !== 'ready' || !token) return;
    const current = useSessionStore.getState().user;
    if (!current) return;
    liveSignals.getState().start(token, current);
    return () => liveSignals.getState().stop();
  }, [phase, token, liveSignals]);

  // Close the mobile menu on navigation; Escape closes it too and gives focus back to the toggle.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change by design
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeReason.current = 'return';
      setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  // Runs once the page is no longer inert, so focus can land in it.
  useEffect(() => {
    if (menuOpen) return;
    const reason = closeReason.current;
    closeReason.current = null;
    if (reason === 'return') toggleRef.current?.focus();
    if (reason === 'navigate') {
      // A link to another page: the navigation focus moves to its heading. A link to this same page
      // changes no address, so focus would stay on the hidden link: put it on this page's heading.
      const active = document.activeElement;
      const sidebar = document.getElementById('dashboard-sidebar');
      if (!active || active === document.body || sidebar?.contains(active)) {
        const main = document.getElementById('dashboard-main');
        if (main) focusPageHeading(main);
      }
    }
  }, [menuOpen]);
  // The page behind the open menu does not scroll either.
  useEffect(() => {
    if (!menuModal) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [menuModal]);

  if (entry === 'signup') return <Navigate to="/signup" replace />;
  if (entry === 'login' || phase === 'login') return <Navigate to="/login" replace />;
  if (phase === 'checking' || !user) return <DashboardLoading />;

  async function signOut() {
    setSigningOut(true);
    // The live connection closes first: the server drops its socket when the session ends, and a socket
    // still open would take that for a logout elsewhere and ask the API again with the ended token.
    liveSignals.getState().stop();
    // Storage is cleared whatever the server answers.
    await api.auth.logout();
    useSessionStore.getState().clear();
    navigate('/', { replace: true });
  }

  return (
    <div className={styles.dashboard}>
      <div className={styles.dashboardBg} aria-hidden="true" />
      <a className={styles.skipLink} href="#dashboard-main" inert={menuModal}>
        Skip to content
      </a>
      <DashboardSidebar
        user={user}
        wide={wide}
        open={menuOpen}
        onClose={() => {
          closeReason.current = 'return';
          setMenuOpen(false);
        }}
        onNavigate={() => {
          closeReason.current = 'navigate';
          setMenuOpen(false);
        }}
        onSignOut={() => void signOut()}
        signingOut={signingOut}
      />
      <div className={styles.dashboardBody} inert={menuModal}>
        <DashboardHeader
          user={user}
          productName={config?.productName ?? 'Signalroom'}
          pageTitle={pageTitle}
          wide={wide}
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuOpen((v) => !v)}
          toggleRef={toggleRef}
          offline={offline}
        />
        <main id="dashboard-main" className={styles.dashboardMain} tabIndex={-1}>
          {/* The room and the Command Center say whether the record is witnessed; every page warns of a rewrite. */}
          <RecordWitnessBanner compact alertsOnly={!RECORD_PAGES.has(location.pathname)} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function DashboardLoading() {
  return (
    <div className={styles.dashboardLoading} role="status" aria-live="polite">
      <span className={textStyles.spinner} aria-hidden="true" />
      <p>Loading your Command Center...</p>
    </div>
  );
}

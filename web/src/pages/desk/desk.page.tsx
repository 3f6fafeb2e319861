import type { TDeskOptions, TSignal, TUser } from '@signalroom/shared';
import { clsx } from 'clsx';
import { PenLine } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import { isAbort } from '../../api/client.js';
import { RoleOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useSessionStore } from '../../stores/session.store.js';
import { DeskForm } from './desk-form.js';
import { RecentDeskSignals } from './recent-desk-signals.js';

/**
 * The analyst desk (/dashboard/desk): an analyst (or an admin) publishes a signal by hand. The entry
 * price is the feed's when the server receives it; the signal then goes where the engine's go and is
 * never edited, only followed up with notes. Anyone else sees "Analysts only" (the server refuses them).
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  if (!user) return null;
  if (user.role !== 'analyst' && user.role !== 'admin') return <AnalystsOnly />;
  return <Desk self={user} />;
}

function AnalystsOnly() {
  return (
    <RoleOnly
      title="Analysts only"
      message="The analyst desk is for analysts and admins. An admin can grant the role."
      testId="desk-forbidden"
    />
  );
}

type Load = { status: 'loading' } | { status: 'ready'; options: TDeskOptions } | { status: 'error'; message: string };

function Desk({ self }: { self: TUser }) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [forbidden, setForbidden] = useState(false);

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const result = await api.desk.options({ signal });
      if (result.ok) setLoad({ status: 'ready', options: result.data });
      else if (result.status === 'forbidden') setForbidden(true);
      else setLoad({ status: 'error', message: result.message });
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  function published(signal: TSignal) {
    setLoad((l) =>
      l.status === 'ready'
        ? { ...l, options: { ...l.options, recent: [signal, ...l.options.recent.filter((s) => s.id !== signal.id)] } }
        : l,
    );
  }

  if (forbidden) return <AnalystsOnly />;

  return (
    <div className={pageStyles.page} data-testid="desk-page">
      <header className={pageStyles.pageHead}>
        <h1>
          <PenLine aria-hidden="true" size={26} /> Analyst desk
        </h1>
        <p className={pageStyles.muted}>
          Publish a signal under your name ({self.fullName}). Its entry price is the market feed's price at the moment
          you publish; members see it as "Analyst: {self.fullName}". A published signal cannot be edited or withdrawn:
          add a note to follow it up.
        </p>
      </header>

      {load.status === 'loading' && (
        <section className={clsx(panelStyles.panel, pageStyles.state)} aria-busy="true" aria-label="Loading the desk">
          <p className={pageStyles.muted}>Loading the desk…</p>
        </section>
      )}
      {load.status === 'error' && (
        <section className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)} aria-label="Desk">
          <p role="alert">{load.message}</p>
          <button
            type="button"
            className={clsx(buttonStyles.btn, buttonStyles.btnGhost)}
            onClick={() => {
              setLoad({ status: 'loading' });
              void reload();
            }}
          >
            Try again
          </button>
        </section>
      )}
      {load.status === 'ready' && (
        <>
          <DeskForm options={load.options} onPublished={published} />
          <RecentDeskSignals signals={load.options.recent} />
        </>
      )}
    </div>
  );
}

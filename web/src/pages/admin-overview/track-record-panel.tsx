import type { TTrackRecordAdminView } from '@signalroom/shared';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import noticeStyles from '../../track-record/record-notices.module.css';

type PanelState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; view: TTrackRecordAdminView };

/**
 * What admins are told about the track record: the server's own check, signals that start-up refused
 * to append (with the audited repair command), and every witness report of a rewritten history.
 */
export function TrackRecordPanel() {
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  const load = useCallback(async () => {
    const answer = await api.trackRecord.admin();
    setState(answer.ok ? { status: 'ready', view: answer.data } : { status: 'error', message: answer.message });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className={panelStyles.panel} aria-labelledby="record-admin-title" data-testid="track-record-admin">
      <h2 id="record-admin-title">Track record</h2>
      {state.status === 'loading' && (
        <p className={pageStyles.muted} role="status">
          Loading the track record's state…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert">
          {state.message}{' '}
          <button type="button" className={buttonStyles.linkBtn} onClick={() => void load()}>
            Try again
          </button>
        </p>
      )}
      {state.status === 'ready' && <View view={state.view} />}
    </section>
  );
}

function View({ view: { head, unrecorded, witnessReports, witnessing } }: { view: TTrackRecordAdminView }) {
  const missing = unrecorded.unissued + unrecorded.unresolved;
  return (
    <>
      <p>
        {head.brokenAt === null ? (
          <>
            <ShieldCheck aria-hidden="true" size={16} /> Server check: intact ({head.length} public entries,{' '}
            {witnessing.size} signed)
          </>
        ) : (
          <strong className={noticeStyles.withheld}>
            <ShieldAlert aria-hidden="true" size={16} /> Server check: broken at #{head.brokenAt}: {head.brokenReason}.
            Published figures are withheld.
          </strong>
        )}
      </p>
      {witnessing.withheld ? (
        <p role="alert" className={noticeStyles.withheld} data-testid="record-withheld">
          Published figures are withheld: {witnessing.withheldReason}
        </p>
      ) : (
        <p className={pageStyles.muted}>
          {witnessing.quorum === 0
            ? 'No witness is configured (RECORD_WITNESSES): the record is signed by this server alone.'
            : `Witnessed: ${witnessing.witnessing} of ${witnessing.total} witnesses cosigned in the last two slots (quorum ${witnessing.quorum}).`}
        </p>
      )}
      {missing > 0 ? (
        <p role="alert" data-testid="record-unrecorded">
          {missing} signal {missing === 1 ? 'entry is' : 'entries are'} missing ({unrecorded.unissued} never issued into
          the record, {unrecorded.unresolved} resolved without their outcome). Start-up appends nothing by itself:
          review them, then run{' '}
          <code>npm run admin -- track-record-repair --by &lt;your e-mail&gt; --reason "&lt;why&gt;"</code>, which
          appends them with today's time and writes the audit log.
        </p>
      ) : (
        <p className={pageStyles.muted}>Every signal has its entries.</p>
      )}
      {witnessReports.length === 0 ? (
        <p className={pageStyles.muted}>No member's browser has reported a rewritten history.</p>
      ) : (
        <>
          <p role="alert" className={noticeStyles.withheld}>
            Members' browsers reported {witnessReports.length} signed{' '}
            {witnessReports.length === 1 ? 'checkpoint' : 'checkpoints'} the record no longer extends:
          </p>
          <ul data-testid="witness-reports">
            {witnessReports.map((r) => (
              <li key={`${r.reportedAt}-${r.checkpoint.slice(0, 80)}`}>
                <pre>{r.checkpoint}</pre>
                Reported {r.reportedAt}: {r.reason}.
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

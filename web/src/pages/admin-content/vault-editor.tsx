import type { TVaultEditor, TVaultResource } from '@signalroom/shared';
import { clsx } from 'clsx';
import { GraduationCap, RefreshCw, Trash2 } from 'lucide-react';
import { useId } from 'react';
import * as api from '../../api/api.js';
import { AdminsOnly } from '../../components/dashboard/admins-only.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import buttonStyles from '../../components/ui/button.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { useVaultAction, useVaultEditor, type VaultAction } from './use-vault-editor.js';
import { CoursesPart } from './vault-courses.js';
import vaultStyles from './vault-editor.module.css';
import { countOf, ResultLine, SampleTag, ServerButton } from './vault-parts.js';
import { SessionsPart } from './vault-sessions.js';

/**
 * The Master Vault editor (issue 35 §4), below the landing page's editors in the Content screen: the
 * courses members read (drafts until published), their lessons in Markdown, the live sessions and the
 * resources, and the shipped sample content, removable in one action. It reads and saves through its own
 * calls (GET /api/admin/vault and the changes beside it), so it loads and fails on its own.
 */
export function VaultEditor() {
  const id = useId();
  const { state, reload, refresh } = useVaultEditor();
  const samplesRemoval = useVaultAction(refresh);
  if (state.status === 'forbidden') return <AdminsOnly />;
  return (
    <section
      className={clsx(panelStyles.panel, vaultStyles.vault)}
      aria-labelledby={`${id}-title`}
      data-testid="vault-editor"
    >
      <header className={vaultStyles.head}>
        <h2 id={`${id}-title`}>
          <GraduationCap aria-hidden="true" size={20} /> Master Vault
        </h2>
        <p className={clsx(pageStyles.muted, pageStyles.small)}>
          What members with live access read in the Master Vault. A new course is a draft until you publish it; every
          change is recorded in the audit log.
        </p>
        {/* Here rather than in the notice: the answer to "Remove sample content" stays once the notice goes. */}
        <ResultLine result={samplesRemoval.result} testId="vault-samples-result" />
      </header>
      {state.status === 'loading' && (
        <div
          className={pageStyles.skeletonRoom}
          role="status"
          aria-label="Loading the Master Vault editor"
          data-testid="vault-editor-loading"
        >
          <div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />
        </div>
      )}
      {state.status === 'error' && (
        <div className={clsx(pageStyles.state, pageStyles.stateError)} role="alert" data-testid="vault-editor-error">
          <p>{state.message}</p>
          <button type="button" className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} onClick={reload}>
            <RefreshCw aria-hidden="true" size={18} /> Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <SamplesNotice vault={state.data} action={samplesRemoval} />
          <CoursesPart courses={state.data.courses} refresh={refresh} />
          <SessionsPart sessions={state.data.sessions} refresh={refresh} />
          <ResourcesPart resources={state.data.resources} refresh={refresh} />
        </>
      )}
    </section>
  );
}

/** How many shipped sample items are left, and their removal in one action (asked first, naming what goes). */
function SamplesNotice({ vault, action }: { vault: TVaultEditor; action: VaultAction }) {
  const courses = vault.courses.filter((c) => c.sample).length;
  const sessions = vault.sessions.filter((s) => s.sample).length;
  const resources = vault.resources.filter((r) => r.sample).length;
  const question =
    `Remove all sample content? This deletes ${countOf(courses, 'sample course')} with their lessons, ` +
    `${countOf(sessions, 'sample live session')} and ${countOf(resources, 'sample resource')}, with members' ` +
    'progress and reminders on them. Your own courses, sessions and resources stay.';
  if (vault.samples === 0) return null;
  return (
    <div className={clsx(pageStyles.notice, vaultStyles.samples)} data-testid="vault-samples">
      <p>
        {vault.samples === 1
          ? '1 sample item ships with the product (marked Sample).'
          : `${vault.samples} sample items ship with the product (marked Sample).`}
      </p>
      <ServerButton
        label="Remove sample content"
        busyLabel="Removing..."
        icon={<Trash2 aria-hidden="true" size={16} />}
        running={action.busy === 'samples'}
        disabled={action.busy !== null}
        onClick={() => void action.run('samples', () => api.vaultEditor.removeSamples(), question)}
      />
    </div>
  );
}

/** The downloadable resources (added with the product; deleted here). */
function ResourcesPart({ resources, refresh }: { resources: TVaultResource[]; refresh(): Promise<void> }) {
  const id = useId();
  const action = useVaultAction(refresh);
  const remove = (resource: TVaultResource) =>
    void action.run(
      `delete:${resource.id}`,
      () => api.vaultEditor.deleteResource({ params: { id: resource.id } }),
      `Delete the resource “${resource.title}” (${resource.fileName})? Members can no longer download it.`,
    );
  return (
    <section className={vaultStyles.part} aria-labelledby={`${id}-title`} data-testid="vault-resources-editor">
      <div className={vaultStyles.partHead}>
        <h3 id={`${id}-title`}>Resources</h3>
      </div>
      {resources.length === 0 ? (
        <p className={pageStyles.muted}>No resources.</p>
      ) : (
        <ul className={vaultStyles.items}>
          {resources.map((resource) => (
            <li key={resource.id} className={vaultStyles.item} data-testid="vault-resource">
              <div className={vaultStyles.itemHead}>
                <h4>{resource.title}</h4>
                <SampleTag sample={resource.sample} />
              </div>
              <p className={clsx(pageStyles.small, pageStyles.muted)}>
                {resource.fileName} · {Math.max(1, Math.round(resource.sizeBytes / 1024))} KB
              </p>
              <div className={vaultStyles.actions}>
                <ServerButton
                  label="Delete"
                  busyLabel="Deleting..."
                  item={`resource ${resource.title}`}
                  running={action.busy === `delete:${resource.id}`}
                  disabled={action.busy !== null}
                  onClick={() => remove(resource)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ResultLine result={action.result} testId="vault-resources-result" />
    </section>
  );
}

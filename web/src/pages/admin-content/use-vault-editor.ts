import type { TVaultEditor } from '@signalroom/shared';
import { useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';
import { type SaveResult, useAdminRecord } from './use-admin-content.js';

const readVaultEditor = () => api.vaultEditor.editor();

/**
 * The Master Vault as the editor reads it (drafts, past sessions and sample items included). `refresh`
 * reads it again in place after a change: no skeleton, so an open form keeps what the admin typed; a
 * refusal (no longer an admin) turns the editor into "Admins only".
 */
export function useVaultEditor() {
  const { state, reload, saved } = useAdminRecord<TVaultEditor>(readVaultEditor);
  async function refresh(): Promise<void> {
    saved(await readVaultEditor());
  }
  return { state, reload, refresh };
}

/**
 * One part of the editor's calls to the server (a list's Publish, Delete...): which call runs (its key,
 * so only that button shows progress, while every button of the part waits), and the server's answer to
 * the last one, shown in the part's status line. Each change reads the editor again before the buttons
 * come back, so what they act on is what the server holds.
 */
export function useVaultAction(refresh: () => Promise<void>) {
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<SaveResult>(null);

  /** Runs `call` unless the admin declines `question` (asked first when given); true when it succeeded. */
  async function run(key: string, call: () => Promise<ApiOutcome<unknown>>, question?: string): Promise<boolean> {
    if (question && !window.confirm(question)) return false;
    setBusy(key);
    setResult(null);
    const answer = await call();
    setResult({ ok: answer.ok, message: answer.message });
    await refresh();
    setBusy(null);
    return answer.ok;
  }

  return {
    busy,
    result,
    run,
    /** Shows a form's answer in this part's line (the form closes once it has saved). */
    announce: setResult,
  };
}

export type VaultAction = ReturnType<typeof useVaultAction>;

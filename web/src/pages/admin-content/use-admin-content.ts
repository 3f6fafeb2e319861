import type { TAdminContent } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';

/** What an admin screen read from the server: loading, refused (not an admin any more), failed, or here. */
export type AdminRecordState<T> =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

/**
 * One record an admin screen reads and saves as a whole (the operator content, the business settings):
 * `saved` takes a save's answer as the new state, and a refusal as "not an admin any more".
 */
export function useAdminRecord<T>(read: () => Promise<ApiOutcome<T>>) {
  const [state, setState] = useState<AdminRecordState<T>>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const answer = await read();
    if (answer.ok) setState({ status: 'ready', data: answer.data });
    else if (answer.status === 'forbidden') setState({ status: 'forbidden' });
    else if (answer.status !== 'unauthorized') setState({ status: 'error', message: answer.message });
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);
  return {
    state,
    reload: () => void load(),
    saved(answer: ApiOutcome<T>) {
      if (answer.ok) setState({ status: 'ready', data: answer.data });
      else if (answer.status === 'forbidden') setState({ status: 'forbidden' });
    },
  };
}

const readAdminContent = () => api.content.adminContent();

/** The operator content as saved (versions included). */
export function useAdminContent() {
  return useAdminRecord<TAdminContent>(readAdminContent);
}

/** A zod error's messages keyed by path ("items.0.quote"), the keys the server's answer uses too. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return fields;
}

export type SaveResult = { ok: boolean; message: string } | null;

/**
 * The save of one editor: the draft is checked by the content's own schema first (the server's rules, the
 * same messages by field), then sent; the server's refusal marks its fields the same way.
 */
export function useContentSave<T, A = TAdminContent>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
  },
  send: (input: { body: T }) => Promise<ApiOutcome<A>>,
  onSaved: (answer: ApiOutcome<A>) => void,
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult>(null);

  async function save(draft: unknown): Promise<boolean> {
    setResult(null);
    const parsed = schema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      setResult({ ok: false, message: 'Fix the marked fields, then save.' });
      return false;
    }
    setErrors({});
    setSaving(true);
    const answer = await send({ body: parsed.data });
    setSaving(false);
    if (answer.ok) setResult({ ok: true, message: answer.message });
    else {
      setErrors(answer.fields);
      setResult({ ok: false, message: answer.message });
    }
    onSaved(answer);
    return answer.ok;
  }

  return { errors, saving, result, save };
}

import type { TAdminContent } from '@signalroom/shared';
import { useCallback, useEffect, useState } from 'react';
import * as api from '../../api/api.js';
import type { ApiOutcome } from '../../api/client.js';

export type ContentState =
  | { status: 'loading' }
  | { status: 'forbidden' }
  | { status: 'error'; message: string }
  | { status: 'ready'; content: TAdminContent };

/** The operator content as saved (versions included); `saved` takes a save's answer as the new state. */
export function useAdminContent() {
  const [state, setState] = useState<ContentState>({ status: 'loading' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const answer = await api.content.adminContent();
    if (answer.ok) setState({ status: 'ready', content: answer.data });
    else if (answer.status === 'forbidden') setState({ status: 'forbidden' });
    else if (answer.status !== 'unauthorized') setState({ status: 'error', message: answer.message });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return {
    state,
    reload: () => void load(),
    saved(answer: ApiOutcome<TAdminContent>) {
      if (answer.ok) setState({ status: 'ready', content: answer.data });
      else if (answer.status === 'forbidden') setState({ status: 'forbidden' });
    },
  };
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

import type { Envelope } from '@signalroom/shared';
import { type ApiOutcome, failureOf, readToken, sessionEnded, unreachable } from './client.js';

/**
 * GETs a file route with the session (a plain link cannot carry it) and hands the answer to the browser
 * as a download under the name the server gave it (`fallbackName` if it gave none).
 */
export async function downloadFile(
  url: string,
  options: { fallbackMessage: string; fallbackName: string; label: string },
): Promise<ApiOutcome<true>> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    return unreachable();
  }
  if (!response.ok) {
    if (response.status === 401 && token) sessionEnded();
    const answer = (await response.json().catch((error: unknown) => {
      console.warn(`${options.label}: HTTP ${response.status} answer is not JSON:`, error);
      return null;
    })) as Envelope<unknown> | null;
    return failureOf(answer, options.fallbackMessage);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return { ok: true, data: true, message: 'OK', pagination: null };
}

/** A query string of the filters that are set (empty ones are left out). */
export function filterQuery(filters: Record<string, string | undefined>): string {
  const set = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
  return set.length ? `?${new URLSearchParams(set.map(([k, v]) => [k, v.trim()]))}` : '';
}

import type { Envelope } from '@signalroom/shared';
import { type ApiOutcome, failureOf, readToken, sessionEnded, unreachable } from './client.js';

/** What `fetchFile` says when it fails, and what it names the file when the server gave no name. */
export interface FileRequest {
  fallbackMessage: string;
  fallbackName: string;
  /** Names the file in the console when an error answer is not JSON. */
  label: string;
}

/**
 * GETs a file route with the session (a plain link cannot carry it): the file's bytes and the name the
 * server gave it (`fallbackName` if it gave none).
 */
export async function fetchFile(url: string, options: FileRequest): Promise<ApiOutcome<{ blob: Blob; name: string }>> {
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
      // An error answer that is not JSON (a proxy's page): the fallback message is shown instead.
      console.warn(`${options.label}: HTTP ${response.status} answer is not JSON:`, error);
      return null;
    })) as Envelope<unknown> | null;
    return failureOf(answer, options.fallbackMessage);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  return { ok: true, data: { blob: await response.blob(), name }, message: 'OK', pagination: null };
}

/** Hands a file to the browser as a download under `name`. */
function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it after this task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** GETs a file route with the session (`fetchFile`) and hands the answer to the browser as a download. */
export async function downloadFile(url: string, options: FileRequest): Promise<ApiOutcome<true>> {
  const result = await fetchFile(url, options);
  if (!result.ok) return result;
  saveFile(result.data.blob, result.data.name);
  return { ok: true, data: true, message: 'OK', pagination: null };
}

/** A query string of the filters that are set (empty ones are left out). */
export function filterQuery(filters: Record<string, string | undefined>): string {
  const set = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()));
  return set.length ? `?${new URLSearchParams(set.map(([k, v]) => [k, v.trim()]))}` : '';
}

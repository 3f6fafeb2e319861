import { CommonMessages, type Envelope, type RouteInfo } from '@signalroom/shared';
import {
  type ApiOutcome,
  addressOf,
  failureOf,
  isAbort,
  type RequestParts,
  readToken,
  sessionEnded,
  unreachable,
} from './client.js';

/** What a file route answers: its bytes, and the name the server gave them (null if it gave none). */
export interface DownloadedFile {
  blob: Blob;
  name: string | null;
}

/**
 * GETs a file route (`file: true` in its route table) with the session, which a plain link cannot
 * carry: the bytes and the name the server gave them. Its errors are JSON envelopes like every route's,
 * so they end a dead session and become the failure shown just as `callApi`'s do.
 */
export async function fetchFile(route: RouteInfo, input: RequestParts): Promise<ApiOutcome<DownloadedFile>> {
  const token = readToken();
  const address = addressOf(route, input.params, input.query);
  let response: Response;
  try {
    response = await fetch(address, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: input.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    return unreachable();
  }
  if (!response.ok) {
    if (response.status === 401 && token) sessionEnded();
    const answer = (await response.json().catch((error: unknown) => {
      // An error answer that is not JSON (a proxy's page): the fallback message is shown instead.
      console.warn(`${route.method} ${address}: HTTP ${response.status} answer is not JSON:`, error);
      return null;
    })) as Envelope<unknown> | null;
    return failureOf(answer, input.fallbackMessage || CommonMessages.internal);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
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

/**
 * Hands a fetched file to the browser as a download, `saveDownload(api.users.exportData(), 'elite-data.json')`:
 * under the server's name, else `fallbackName`. Resolves to the fetch's failure if it failed.
 */
export async function saveDownload(
  file: Promise<ApiOutcome<DownloadedFile>>,
  fallbackName: string,
): Promise<ApiOutcome<true>> {
  const result = await file;
  if (!result.ok) return result;
  saveFile(result.data.blob, result.data.name ?? fallbackName);
  return { ok: true, data: true, message: 'OK', pagination: null };
}

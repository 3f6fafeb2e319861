import type { Envelope, RouteInfo } from '@signalroom/shared';
import {
  type AnswerOf,
  type ApiOutcome,
  addressOf,
  failureOf,
  readToken,
  sessionEnded,
  unreachable,
} from './client.js';

/** An upload under way: its outcome (never rejected), and a way to cancel it. */
export interface Upload<T> {
  done: Promise<ApiOutcome<T>>;
  abort(): void;
}

/**
 * Sends a multipart route (`upload` in its contract entry) with the session: XMLHttpRequest rather than
 * fetch, because only it reports upload progress; `onProgress` gets 0 to 1. The answer is the route's
 * envelope, taken as `callApi` takes one (a dead session ends, the server's message wins).
 */
export function uploadForm<R extends RouteInfo>(
  route: R,
  form: FormData,
  options: { fallbackMessage: string; onProgress(fraction: number): void },
): Upload<AnswerOf<R>> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ApiOutcome<AnswerOf<R>>>((resolve) => {
    xhr.open(route.method, addressOf(route));
    xhr.setRequestHeader('accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let answer: Envelope<AnswerOf<R>> | null = null;
      try {
        answer = JSON.parse(xhr.responseText) as Envelope<AnswerOf<R>>;
      } catch {
        answer = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && answer?.success && answer.data) {
        resolve({ ok: true, data: answer.data, message: answer.message, pagination: null });
        return;
      }
      if (xhr.status === 401 && token) sessionEnded();
      resolve(failureOf(answer, xhr.status === 413 ? 'The file is too large.' : options.fallbackMessage));
    });
    xhr.addEventListener('error', () => resolve(unreachable()));
    xhr.addEventListener('abort', () => resolve(failureOf(null, 'Upload cancelled.')));
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

import { type Envelope, STORAGE_KEYS } from '@signalroom/shared';

/** Thrown when the server could not be reached at all (the spec's "exception" cases). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error');
    this.name = 'NetworkError';
    this.cause = cause;
  }
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

/**
 * Calls the API under /api with JSON and the stored bearer token. A non-OK answer resolves to its
 * envelope (success false, the server's message, or `fallbackMessage`/the status text when it has
 * none); only an unreachable server throws NetworkError.
 */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; fallbackMessage?: string; signal?: AbortSignal } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (envelope && typeof envelope.success === 'boolean') {
    if (!response.ok && !envelope.message) envelope.message = options.fallbackMessage ?? response.statusText;
    return envelope;
  }
  return {
    success: false,
    message: options.fallbackMessage ?? response.statusText,
    data: null,
    error: { code: response.status >= 500 ? 'internal' : 'validation_failed' },
    timestamp: new Date().toISOString(),
  };
}

export const api = {
  get: <T>(path: string, options?: { fallbackMessage?: string; signal?: AbortSignal }) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: { fallbackMessage?: string }) =>
    apiRequest<T>('POST', path, { ...options, body: body ?? {} }),
  put: <T>(path: string, body: unknown, options?: { fallbackMessage?: string }) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: { fallbackMessage?: string }) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
};

import type { EntryOf, RouteInfo, RouteTable } from '@signalroom/shared';
import { type AnswerOf, type ApiOutcome, type CallInput, callApi, type RequestParts } from './client.js';
import { type DownloadedFile, fetchFile } from './download.js';

/** The message of each route of a route table, shown when a failed call's answer carries none. */
export type FallbackMessages<T extends RouteTable> = { readonly [K in keyof T]: string };

/** What a call of a route resolves to: a file route's bytes, any other route's `data`. */
export type ResultOf<R extends RouteInfo> = R extends { file: true } ? DownloadedFile : AnswerOf<R>;

/**
 * One route as a function: its params, query and body typed from the contract entry (as `callApi` takes
 * them), the input left out when nothing in it is required. A `fallbackMessage` given here replaces the
 * route's own for this call.
 */
export type RouteCall<R extends RouteInfo> = (
  ...input: Record<string, never> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]
) => Promise<ApiOutcome<ResultOf<R>>>;

/**
 * A route table's calls, by the table's names. A multipart upload (`upload` in its schemas) is left out:
 * it is not JSON, and its one caller sends it with progress (upload.ts).
 */
export type FeatureClient<T extends RouteTable> = {
  readonly [K in keyof T as EntryOf<T[K]> extends { upload: object } ? never : K]: RouteCall<T[K]>;
};

/**
 * The calls of a route table, `clientOf(SupportRoutes, messages).create({ body })`: each sends its
 * route through `callApi` (or `fetchFile` for a download) with the route's fallback message, so a route
 * is called, typed and worded from its table and one line of messages, never from a hand-written
 * wrapper. Only the table is read at run time; the types come from the contract entry.
 */
export function clientOf<T extends RouteTable>(routes: T, fallbackMessages: FallbackMessages<T>): FeatureClient<T> {
  const calls = Object.entries(routes).map(([name, route]) => {
    const call = (input: RequestParts = {}) => {
      const parts = { ...input, fallbackMessage: input.fallbackMessage || fallbackMessages[name] };
      // RequestParts is what callApi reads of any route's CallInput; the call's own type (RouteCall) checked it.
      return route.file ? fetchFile(route, parts) : callApi(route, parts as never);
    };
    return [name, call];
  });
  return Object.fromEntries(calls) as FeatureClient<T>;
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimulatedMarket } from '@signalroom/shared-node/market';

/** One request a local provider received. */
export interface ProviderRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/** A canned failure: the status, an optional Retry-After, and the provider's own error body. */
export interface ProviderFailure {
  status: number;
  retryAfter?: string;
  body?: unknown;
}

export interface ProviderServer {
  url: string;
  requests: ProviderRequest[];
  /** The next `count` requests (to `pathPart`, if given) get this failure instead of their answer. */
  failNext(count: number, failure: ProviderFailure, pathPart?: string): void;
  /** The next `count` requests (to `pathPart`, if given) get no answer within `ms`: a timeout. */
  stallNext(count: number, ms: number, pathPart?: string): void;
  /** Forgets the failures and stalls still queued: the provider answers again. */
  recover(): void;
  close(): Promise<void>;
}

export type ProviderAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A local HTTP server standing in for a market-data provider: `route` answers in the provider's
 * documented format; the test can make the next requests fail (a 429 with Retry-After, a 5xx) or
 * stall, and reads every request it received. Listens on 127.0.0.1 only.
 */
export async function startProviderServer(
  route: (request: ProviderRequest) => ProviderAnswer,
  defaultFailureBody: (status: number) => unknown,
): Promise<ProviderServer> {
  const requests: ProviderRequest[] = [];
  const failures: { count: number; failure: ProviderFailure; pathPart: string | undefined }[] = [];
  const stalls: { count: number; ms: number; pathPart: string | undefined }[] = [];
  const take = <T extends { count: number; pathPart: string | undefined }>(queue: T[], path: string) => {
    const found = queue.find((f) => f.count > 0 && (!f.pathPart || path.includes(f.pathPart)));
    if (found) found.count -= 1;
    return found;
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider.local');
    const request = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    const send = (answer: ProviderAnswer) => {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    };
    const stall = take(stalls, url.pathname);
    const failure = take(failures, url.pathname);
    const answer = failure
      ? {
          status: failure.failure.status,
          body: failure.failure.body ?? defaultFailureBody(failure.failure.status),
          headers: failure.failure.retryAfter ? { 'retry-after': failure.failure.retryAfter } : {},
        }
      : route(request);
    if (stall) setTimeout(() => send(answer), stall.ms).unref();
    else send(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (count, failure, pathPart) => failures.push({ count, failure, pathPart }),
    stallNext: (count, ms, pathPart) => stalls.push({ count, ms, pathPart }),
    recover: () => {
      failures.length = 0;
      stalls.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Prices a local provider serves: a pure function of (symbol, time), taken from the simulated market
 * (each provider symbol follows one simulated asset, scaled to its level), so a test computes any
 * candle's close itself: the close of a candle ending at T is `price(symbol, T)` at the instrument's decimals.
 */
export function providerPrices(
  seed: string,
  follows: Record<string, { asset: string; scale?: number }>,
): (symbol: string, epochMs: number) => number {
  const market = new SimulatedMarket({ seed });
  return (symbol, epochMs) => {
    const f = follows[symbol];
    if (!f) throw new Error(`The local provider has no prices for ${symbol}`);
    return market.rawPrice(f.asset, epochMs) * (f.scale ?? 1);
  };
}

/** A candle of `intervalMs` opening at `start` from a price function: open, close and five samples. */
export function candleFrom(price: (ms: number) => number, start: number, intervalMs: number, decimals: number) {
  const round = (x: number) => x.toFixed(decimals);
  const samples = [0, 0.25, 0.5, 0.75, 1].map((f) => price(start + f * intervalMs));
  return {
    o: round(samples[0] as number),
    h: round(Math.max(...samples)),
    l: round(Math.min(...samples)),
    c: round(samples[4] as number),
  };
}

import type { z } from 'zod';
import type { ModuleLogger } from '../../logger.js';
import { MarketFeedError } from '../market-feed.js';
import { type RetryAdvice, retryAfterMs, withRetries } from '../provider-retry.js';
import { ZOandaCandlesAnswer, ZOandaErrorBody, ZOandaInstrumentsAnswer, ZOandaPricingAnswer } from './oanda-schemas.js';

export interface OandaClientOptions {
  /** Base of the v20 REST API (OANDA's practice or live host, or a local server in tests). */
  apiUrl: string;
  accountId: string;
  /** Personal access token: sent as the bearer token, never logged nor put in an error. */
  token: string;
  timeoutMs: number;
  attempts: number;
  logger?: ModuleLogger | undefined;
  sleep?: (ms: number) => Promise<void>;
}

/** An answer OANDA gave with an error status; `retryAfterMs` from a 429's Retry-After. */
export class OandaApiError extends MarketFeedError {
  override name = 'OandaApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** No answer: the connection failed or the request outlived the timeout. */
class OandaUnreachableError extends MarketFeedError {
  override name = 'OandaUnreachableError';
}

function advise(error: unknown): RetryAdvice {
  if (error instanceof OandaUnreachableError) return { retry: true };
  if (error instanceof OandaApiError && (error.status === 429 || error.status >= 500)) {
    return error.retryAfterMs === undefined ? { retry: true } : { retry: true, afterMs: error.retryAfterMs };
  }
  return { retry: false };
}

/**
 * A small client of OANDA's v20 REST API (no maintained JavaScript client exists): the three reads the
 * feed needs, each answer validated with zod. A 429 (after its Retry-After), a 5xx, a timeout or a lost
 * connection is tried again, a bounded number of times; any other error fails with OANDA's own message.
 */
export class OandaClient {
  private readonly base: string;

  constructor(private readonly options: OandaClientOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  /** GET /v3/accounts/{accountID}/instruments: what this account may trade, with display precision. */
  async accountInstruments() {
    const answer = await this.get(`/v3/accounts/${this.account}/instruments`, ZOandaInstrumentsAnswer);
    return answer.instruments;
  }

  /** GET /v3/accounts/{accountID}/pricing: the current price and `tradeable` flag of each instrument. */
  async pricing(symbols: readonly string[]) {
    const query = new URLSearchParams({ instruments: symbols.join(',') });
    const answer = await this.get(`/v3/accounts/${this.account}/pricing?${query}`, ZOandaPricingAnswer);
    return answer.prices;
  }

  /** GET /v3/instruments/{instrument}/candles: midpoint candles opened in [from, to). */
  async candles(symbol: string, range: { granularity: string; from: Date; to: Date }) {
    const query = new URLSearchParams({
      price: 'M',
      granularity: range.granularity,
      from: range.from.toISOString(),
      to: range.to.toISOString(),
    });
    const answer = await this.get(
      `/v3/instruments/${encodeURIComponent(symbol)}/candles?${query}`,
      ZOandaCandlesAnswer,
    );
    return answer.candles;
  }

  private get account(): string {
    return encodeURIComponent(this.options.accountId);
  }

  private get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const endpoint = path.split('?')[0] ?? path;
    return withRetries(`OANDA ${endpoint}`, () => this.getOnce(path, endpoint, schema), {
      attempts: this.options.attempts,
      advise,
      logger: this.options.logger,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
  }

  private async getOnce<S extends z.ZodType>(path: string, endpoint: string, schema: S): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        headers: {
          authorization: `Bearer ${this.options.token}`,
          accept: 'application/json',
          'accept-datetime-format': 'RFC3339',
        },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new OandaUnreachableError(`OANDA unreachable (${endpoint}): ${(error as Error).message}`);
    }
    // A body that is not JSON is judged by its status below (OANDA's errors are JSON; a proxy's may not be).
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const detail = ZOandaErrorBody.safeParse(body);
      const message = detail.success ? detail.data.errorMessage : 'no error message';
      throw new OandaApiError(
        `OANDA answered ${response.status} for ${endpoint}: ${message}`,
        response.status,
        retryAfterMs(response.headers.get('retry-after')),
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new MarketFeedError(
        `OANDA sent an answer of the wrong shape for ${endpoint}: ${parsed.error.issues[0]?.message}`,
      );
    }
    return parsed.data;
  }
}

import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_MAX_BYTES } from '@signalroom/shared';
import { AddressRefusedError, createFilteringAgents } from './filtering-agents.js';
import { isPublicAddress, isUnspecifiedAddress } from './public-address.js';

/** What one HTTP try came to. `responseMs` runs from sending to the receiver's status line. */
export interface WebhookPostResult {
  succeeded: boolean;
  status: number | null;
  responseMs: number | null;
  error: string | null;
}

export interface WebhookSender {
  /** Posts a body with its headers; never throws: a failure is in the result. */
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookPostResult>;
  close(): void;
}

function describeFailure(error: Error, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `no answer within ${timeoutMs} ms`;
  if (error instanceof AddressRefusedError) return `address not allowed (${error.address}): not a public address`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not resolved';
  return (code ? `${code}: ${error.message}` : error.message).slice(0, 300) || 'request failed';
}

/**
 * Posts webhooks over node's http and https clients through agents that check the address every
 * connection resolves to (after DNS, so a name that later points inside the network is refused too),
 * by the same rule as the check of a URL when it is added (`isPublicAddress`); with `allowLocal`, only
 * "this host" (0.0.0.0, ::) is refused.
 * Each try has one deadline for connecting and the status line; the answer's body is read and
 * discarded up to WEBHOOK_RESPONSE_MAX_BYTES, then the connection is closed. Redirects are not followed:
 * a 3xx is a failed try.
 */
export function createWebhookSender(options: {
  allowLocal: boolean;
  timeoutMs: number;
  userAgent: string;
  /** Replaces the system resolver (tests give fixed answers). */
  lookup?: LookupFunction;
}): WebhookSender {
  const agents = createFilteringAgents({
    allowed: options.allowLocal ? (address) => !isUnspecifiedAddress(address) : isPublicAddress,
    ...(options.lookup ? { lookup: options.lookup } : {}),
    agent: { keepAlive: false },
  });
  const httpAgent = agents.http;
  const httpsAgent = agents.https;

  function post(url: string, headers: Record<string, string>, body: string): Promise<WebhookPostResult> {
    return new Promise((resolve) => {
      const target = new URL(url);
      const secure = target.protocol === 'https:';
      const payload = Buffer.from(body);
      const started = performance.now();
      let settled = false;
      let timedOut = false;
      const settle = (result: WebhookPostResult) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: secure ? httpsAgent : httpAgent,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(payload.length),
            'user-agent': options.userAgent,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const responseMs = Math.round(performance.now() - started);
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > WEBHOOK_RESPONSE_MAX_BYTES) response.destroy();
          });
          // The status decided the try: a body cut short (by the cap or the deadline) only ends the read.
          response.on('error', () => clearTimeout(deadline));
          response.on('close', () => clearTimeout(deadline));
          if (status >= 200 && status < 300) {
            settle({ succeeded: true, status, responseMs, error: null });
          } else if (status >= 300 && status < 400) {
            settle({ succeeded: false, status, responseMs, error: `redirects are not followed (${status})` });
          } else {
            settle({ succeeded: false, status, responseMs, error: `receiver answered ${status}` });
          }
        },
      );
      const deadline = setTimeout(() => {
        timedOut = true;
        request.destroy(new Error('timed out'));
      }, options.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(deadline);
        settle({
          succeeded: false,
          status: null,
          responseMs: null,
          error: describeFailure(error, options.timeoutMs, timedOut),
        });
      });
      request.end(payload);
    });
  }

  return {
    post,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

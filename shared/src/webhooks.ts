import { z } from 'zod';
import { zFlag, zText } from './request-fields.js';
import { ZSignal, ZSignalNote } from './signals.js';

/**
 * Members' webhooks: an endpoint (a URL the member owns) receives a signed POST for each event it
 * chose, signed per the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: HMAC-SHA256 with the endpoint's own secret), so any Standard Webhooks library
 * verifies it. The body is `{ type, timestamp, data }`; `data.signal` is the signal in the JSON the API
 * answers for it.
 */

/** What an endpoint can be told, in the order screens list them. */
export const WEBHOOK_EVENTS = ['signal.issued', 'signal.resolved', 'signal.note'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** How the settings screen names each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'signal.issued': 'Signal issued',
  'signal.resolved': 'Signal resolved',
  'signal.note': 'Follow-up note',
};

/** How many endpoints one member may have. */
export const WEBHOOK_MAX_PER_MEMBER = 5;
/** The longest endpoint URL accepted. */
export const WEBHOOK_URL_MAX = 2000;
/** Signing secrets read `whsec_` and the base64 of this many random bytes (the specification's format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;
/**
 * The most of a receiver's answer that is read: past it the connection is closed (the status already
 * came), so a receiver that streams without end cannot hold a sender.
 */
export const WEBHOOK_RESPONSE_MAX_BYTES = 64 * 1024;
/** Recent attempts listed per endpoint. */
export const WEBHOOK_ATTEMPTS_LISTED = 25;

/** Words of the webhook calls and the settings section. */
export const WebhookMessages = {
  urlRequired: 'Enter the URL that should receive the webhooks.',
  urlInvalid: 'Enter a full URL, such as https://example.com/webhooks.',
  urlScheme: 'The URL must start with https:// (or http:// while developing).',
  urlCredentials: 'The URL may not contain a user name or password.',
  httpsRequired: 'The URL must start with https://.',
  privateAddress:
    'This URL points to a private, loopback or link-local address. Webhooks are only sent to public addresses.',
  unresolvable: 'The host name of this URL could not be resolved.',
  eventsRequired: 'Choose at least one event.',
  eventUnknown: `Events are ${WEBHOOK_EVENTS.join(', ')}.`,
  enabledInvalid: 'enabled must be true or false.',
  updateEmpty: 'Change events or enabled.',
  limitReached: `You can have at most ${WEBHOOK_MAX_PER_MEMBER} webhook endpoints. Delete one to add another.`,
  listed: 'Webhook endpoints',
  created: 'Webhook endpoint added. Copy its signing secret now: it will not be shown again.',
  updated: 'Webhook endpoint saved',
  enabled: 'Webhook endpoint enabled again',
  deleted: 'Webhook endpoint deleted',
  notFound: 'Webhook endpoint not found',
  attemptsListed: 'Recent attempts',
  attemptNotFound: 'Attempt not found',
  resendQueued: 'Sending again: the attempt appears in the list in a moment.',
  resendDisabled: 'This endpoint is disabled. Enable it again to resend.',
  pausedReason: 'Paused by you',
  failingReason:
    'Disabled because its deliveries kept failing, retries included. Fix the receiver, then enable it again.',
} as const;

/** Host names that always mean this machine (RFC 6761), refused like a loopback address. */
function isLocalHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/**
 * What is wrong with an endpoint URL, or null. The form of the URL always: a full http(s) URL without a
 * user name or password. With `localTargets` off (production), https only and no local host name; the
 * server then resolves the host and refuses private, loopback and link-local addresses, and checks the
 * address again on every connection.
 */
export function webhookUrlProblem(value: string, rules: { localTargets: boolean }): string | null {
  if (!URL.canParse(value)) return WebhookMessages.urlInvalid;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WebhookMessages.urlScheme;
  if (!url.hostname) return WebhookMessages.urlInvalid;
  if (url.username || url.password) return WebhookMessages.urlCredentials;
  if (rules.localTargets) return null;
  if (url.protocol !== 'https:') return WebhookMessages.httpsRequired;
  if (isLocalHostName(url.hostname)) return WebhookMessages.privateAddress;
  return null;
}

const zUrl = zText({ max: WEBHOOK_URL_MAX, required: WebhookMessages.urlRequired })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const problem = value === '' ? WebhookMessages.urlRequired : webhookUrlProblem(value, { localTargets: true });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A set of events, kept in the order of WEBHOOK_EVENTS whatever order they came in. An unknown one is
 * refused on the field itself (not on its place in the list), so the form shows it under Events.
 */
const zEvents = z
  .array(zText({ max: 40 }), { error: WebhookMessages.eventsRequired })
  .max(WEBHOOK_EVENTS.length * 2, WebhookMessages.eventUnknown)
  .superRefine((events, ctx) => {
    if (events.length === 0) ctx.addIssue({ code: 'custom', message: WebhookMessages.eventsRequired });
    else if (events.some((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))) {
      ctx.addIssue({ code: 'custom', message: WebhookMessages.eventUnknown });
    }
  })
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

/** POST /api/users/webhooks: the URL and the events it should receive. */
export const ZWebhookCreateRequest = z.object({ url: zUrl, events: zEvents }).strict();
export type TWebhookCreateRequest = z.infer<typeof ZWebhookCreateRequest>;

/** PATCH /api/users/webhooks/:id: other events, or enabled again (or paused). */
export const ZWebhookUpdateRequest = z
  .object({ events: zEvents.optional(), enabled: zFlag(WebhookMessages.enabledInvalid).optional() })
  .strict()
  .refine((body) => body.events !== undefined || body.enabled !== undefined, {
    message: WebhookMessages.updateEmpty,
    path: ['events'],
  });
export type TWebhookUpdateRequest = z.infer<typeof ZWebhookUpdateRequest>;

/** One endpoint as its member sees it: never its secret after creation. */
export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** When it stopped receiving: disabled by its member, or by the server after failing too long. */
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
  /** Since when every delivery to it has failed (null while the last one succeeded). */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** An endpoint just created: the one answer that carries its signing secret. */
export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({ secret: z.string() });
export type TCreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

/** One try of one message at one endpoint, as the member's list shows it. */
export const ZWebhookAttempt = z.object({
  id: z.string(),
  /** The message's `webhook-id`: the same on every try and every resend of one event. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  signalId: z.string(),
  at: z.string(),
  /** `delivery`: the queue's try (retried with backoff); `resend`: the member asked for it again. */
  trigger: z.enum(['delivery', 'resend']),
  succeeded: z.boolean(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, address not allowed). */
  responseStatus: z.number().int().nullable(),
  /** From sending the request to the receiver's status line, in milliseconds; null without an answer. */
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** What the body of every webhook is: the event, when it happened, and the signal as the API answers it. */
export const ZWebhookPayload = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('signal.issued'),
    timestamp: z.string(),
    data: z.object({ signal: ZSignal }),
  }),
  z.object({
    type: z.literal('signal.resolved'),
    timestamp: z.string(),
    data: z.object({ signal: ZSignal }),
  }),
  z.object({
    type: z.literal('signal.note'),
    timestamp: z.string(),
    data: z.object({ signal: ZSignal, note: ZSignalNote }),
  }),
]);
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

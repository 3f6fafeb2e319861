import { z } from 'zod';
import { ZInstant } from './iso-date.js';
import { zHistoryQuery } from './paging.js';
import { zChoice, zFlag, zIsoTime, zText } from './request-fields.js';
import { ZSignal, ZSignalNote } from './signals/signal.js';

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

/** The event a member sends to check a receiver: not a signal, sent only when asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** What a message can be: one of the events endpoints choose, or a test. */
export const WEBHOOK_MESSAGE_EVENTS = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] as const;
export type WebhookMessageEvent = (typeof WEBHOOK_MESSAGE_EVENTS)[number];

/**
 * Why a try was made: the queue's delivery (its retries included), or the member's resend, recovery or
 * test event.
 */
export const WEBHOOK_TRIGGERS = ['delivery', 'resend', 'recover', 'test'] as const;
export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

/** How the settings screen names each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'signal.issued': 'Signal issued',
  'signal.resolved': 'Signal resolved',
  'signal.note': 'Follow-up note',
};

/** How the settings screen names what a message was (a test is not an event an endpoint chooses). */
export const WEBHOOK_MESSAGE_LABELS: Record<WebhookMessageEvent, string> = {
  ...WEBHOOK_EVENT_LABELS,
  'webhook.test': 'Test event',
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
/** Recent attempts listed per endpoint (one page; older ones are paged with `before`). */
export const WEBHOOK_ATTEMPTS_LISTED = 25;
/** Messages, with their deliveries and attempts, are kept this many days: a recovery reaches as far back. */
export const WEBHOOK_HISTORY_DAYS = 30;
/** Resends, recoveries and test events one member may ask for per minute (all endpoints together). */
export const WEBHOOK_MANUAL_PER_MINUTE = 10;
/** Messages that may wait in one endpoint's queue of resends, recoveries and tests. */
export const WEBHOOK_MANUAL_QUEUE_MAX = 1000;
/** After a rotation, the replaced secret signs beside the new one for this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60_000;

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
  recoverDisabled: 'This endpoint is disabled. Enable it again to recover its failed deliveries.',
  sinceInvalid: 'since must be a date and time with its zone, such as 2026-12-01T09:30:00Z.',
  sinceFuture: 'since must be in the past.',
  sinceTooOld: `Deliveries are kept ${WEBHOOK_HISTORY_DAYS} days: since must be within them.`,
  recoverQueued: (count: number) =>
    count === 0
      ? 'No failed deliveries since then: nothing to send again.'
      : `Sending ${count} failed ${count === 1 ? 'delivery' : 'deliveries'} again, oldest first.`,
  recoverMore: (count: number) =>
    `Sending ${count} failed deliveries again, oldest first. More failed since then: recover again once these are sent.`,
  queueFull: `This endpoint already has ${WEBHOOK_MANUAL_QUEUE_MAX} messages waiting to be sent again. Try again once they are sent.`,
  manualLimit: (seconds: number) =>
    `You can resend, recover or test at most ${WEBHOOK_MANUAL_PER_MINUTE} times a minute. Try again in ${seconds} seconds.`,
  testQueued: 'Test event queued: it appears in the recent attempts in a moment.',
  testBody: 'A test event: your endpoint receives and verifies webhooks from this account.',
  rotated:
    'New signing secret made. Copy it now: it will not be shown again. The old one keeps signing beside it for 24 hours.',
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
  disabledAt: ZInstant.nullable(),
  disabledReason: z.string().nullable(),
  /** Since when every try to it has failed (null while the last one succeeded). */
  failingSince: ZInstant.nullable(),
  /**
   * After a rotation of its signing secret: until when the old secret still signs beside the new one
   * (each webhook then carries two signatures). Null otherwise.
   */
  previousSecretExpiresAt: ZInstant.nullable(),
  createdAt: ZInstant,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** An endpoint just created, or its secret just rotated: the one answer that carries that signing secret. */
export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({ secret: z.string() });
export type TCreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

/** One try of one message at one endpoint, as the member's list shows it. */
export const ZWebhookAttempt = z.object({
  id: z.string(),
  /** The message's `webhook-id`: the same on every try, resend and recovery of one event. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_MESSAGE_EVENTS),
  /** The signal the event is about; null for a test event. */
  signalId: z.string().nullable(),
  at: ZInstant,
  /**
   * `delivery`: the queue's try (retried on the schedule); `resend`, `recover`, `test`: the member asked
   * for it (one try each).
   */
  trigger: z.enum(WEBHOOK_TRIGGERS),
  succeeded: z.boolean(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, address not allowed). */
  responseStatus: z.number().int().nullable(),
  /** From sending the request to the receiver's status line, in milliseconds; null without an answer. */
  responseMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** GET /api/users/webhooks/:id/attempts: a page of the endpoint's attempts, newest first. */
export const ZWebhookAttemptsQuery = zHistoryQuery(100, WEBHOOK_ATTEMPTS_LISTED);
export type TWebhookAttemptsQuery = z.infer<typeof ZWebhookAttemptsQuery>;

/** What became of one message at one endpoint: `queued` while its retries go on. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export const WebhookDeliveryMessages = {
  statusInvalid: `status is one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}.`,
  listed: 'Deliveries',
} as const;

/** GET /api/users/webhooks/:id/deliveries: a page of the endpoint's deliveries, newest first, of one status or all. */
export const ZWebhookDeliveriesQuery = zHistoryQuery(100, WEBHOOK_ATTEMPTS_LISTED).extend({
  status: zChoice(WEBHOOK_DELIVERY_STATUSES, WebhookDeliveryMessages.statusInvalid).optional(),
});
export type TWebhookDeliveriesQuery = z.infer<typeof ZWebhookDeliveriesQuery>;

/** One message at one endpoint: its event, where it stands, and how many tries it took. */
export const ZWebhookDelivery = z.object({
  /** The `webhook-id` of the message. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_MESSAGE_EVENTS),
  signalId: z.string().nullable(),
  /** `queued` while retries go on; `failed` once its schedule is used up (a recovery sends it again). */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** Tries of the queue (a resend or recovery is not counted here: see the attempts). */
  attempts: z.number().int(),
  error: z.string().nullable(),
  queuedAt: ZInstant,
  updatedAt: ZInstant,
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

/** POST /api/users/webhooks/:id/recover: send again every delivery to the endpoint that failed since then. */
export const ZWebhookRecoverRequest = z.object({ since: zIsoTime(WebhookMessages.sinceInvalid) }).strict();
export type TWebhookRecoverRequest = z.infer<typeof ZWebhookRecoverRequest>;

/** What a recovery queued: how many, and whether more failed since then than one recovery takes. */
export const ZWebhookRecovered = z.object({ queued: z.number().int(), more: z.boolean() });
export type TWebhookRecovered = z.infer<typeof ZWebhookRecovered>;

/** A test event queued: its `webhook-id`, to find it among the attempts and at the receiver. */
export const ZWebhookTestQueued = z.object({ messageId: z.string() });
export type TWebhookTestQueued = z.infer<typeof ZWebhookTestQueued>;

/**
 * What the body of every webhook is: the event, when it happened, and the signal as the API answers it;
 * or, for a test event, a line saying what it is.
 */
export const ZWebhookPayload = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('signal.issued'),
    timestamp: ZInstant,
    data: z.object({ signal: ZSignal }),
  }),
  z.object({
    type: z.literal('signal.resolved'),
    timestamp: ZInstant,
    data: z.object({ signal: ZSignal }),
  }),
  z.object({
    type: z.literal('signal.note'),
    timestamp: ZInstant,
    data: z.object({ signal: ZSignal, note: ZSignalNote }),
  }),
  z.object({
    type: z.literal(WEBHOOK_TEST_EVENT),
    timestamp: ZInstant,
    data: z.object({ message: z.string() }),
  }),
]);
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

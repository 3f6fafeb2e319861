import { z } from 'zod';
import {
  ZCreatedWebhookEndpoint,
  ZWebhookAttempt,
  ZWebhookAttemptsQuery,
  ZWebhookCreateRequest,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookRecovered,
  ZWebhookRecoverRequest,
  ZWebhookTestQueued,
  ZWebhookUpdateRequest,
} from '../webhooks.js';
import { type RouteTable, withSchemas } from './contract.js';

/** An endpoint id in the path; anything that is not one of the member's endpoints answers 404. */
const ZWebhookParams = z.object({ id: z.string() });
/** An endpoint and one of its attempts. */
const ZWebhookAttemptParams = z.object({ id: z.string(), attemptId: z.string() });

/**
 * The member's webhook endpoints (Profile Settings). Members with live access only, and only with a
 * session: an API key reads, it cannot add an address the server will post to.
 */
export const WebhooksRoutes = {
  list: { method: 'GET', path: '/users/webhooks', group: 'live' },
  create: { method: 'POST', path: '/users/webhooks', group: 'live', status: 201, idempotent: true },
  update: { method: 'PATCH', path: '/users/webhooks/:id', group: 'live' },
  remove: { method: 'DELETE', path: '/users/webhooks/:id', group: 'live' },
  attempts: { method: 'GET', path: '/users/webhooks/:id/attempts', group: 'live', paged: 'cursor' },
  deliveries: { method: 'GET', path: '/users/webhooks/:id/deliveries', group: 'live', paged: 'cursor' },
  resend: { method: 'POST', path: '/users/webhooks/:id/attempts/:attemptId/resend', group: 'live' },
  recover: { method: 'POST', path: '/users/webhooks/:id/recover', group: 'live' },
  test: { method: 'POST', path: '/users/webhooks/:id/test', group: 'live' },
  rotateSecret: { method: 'POST', path: '/users/webhooks/:id/rotate-secret', group: 'live' },
} as const satisfies RouteTable;

/** What each of WebhooksRoutes takes and answers. */
export const WebhooksContract = /* @__PURE__ */ withSchemas(WebhooksRoutes, {
  list: {
    summary: "The member's webhook endpoints (never their signing secrets)",
    data: z.array(ZWebhookEndpoint),
  },
  create: {
    summary: 'Add a webhook endpoint; the answer is the only time its signing secret is shown',
    body: ZWebhookCreateRequest,
    data: ZCreatedWebhookEndpoint,
  },
  update: {
    summary: 'Change the events of an endpoint, or enable it again (or pause it)',
    params: ZWebhookParams,
    body: ZWebhookUpdateRequest,
    data: ZWebhookEndpoint,
  },
  remove: {
    summary: 'Delete a webhook endpoint; nothing more is sent to it',
    params: ZWebhookParams,
    data: z.null(),
  },
  attempts: {
    summary:
      'The attempts to deliver to an endpoint, newest first, with status and response time; page back with before and since',
    params: ZWebhookParams,
    query: ZWebhookAttemptsQuery,
    data: z.array(ZWebhookAttempt),
  },
  deliveries: {
    summary:
      'What became of each message at an endpoint (queued while retried, sent, failed, skipped), newest first; page back with before and since',
    params: ZWebhookParams,
    query: ZWebhookDeliveriesQuery,
    data: z.array(ZWebhookDelivery),
  },
  resend: {
    summary:
      'Send the message of one attempt to its endpoint again (same webhook-id, fresh signature), behind the live deliveries; at most 10 resends, recoveries and tests a minute',
    params: ZWebhookAttemptParams,
    data: z.null(),
    // The endpoint is disabled, or its queue of messages to send again is full.
    raises: ['conflict'],
  },
  recover: {
    summary:
      'Send again, oldest first, every delivery to the endpoint that failed since a time (same webhook-ids), behind the live deliveries',
    params: ZWebhookParams,
    body: ZWebhookRecoverRequest,
    data: ZWebhookRecovered,
    // The endpoint is disabled, or its queue of messages to send again is full.
    raises: ['conflict'],
  },
  test: {
    summary: 'Send the endpoint a webhook.test event, to check that its receiver verifies webhooks',
    params: ZWebhookParams,
    data: ZWebhookTestQueued,
    // The endpoint's queue of messages to send again is full.
    raises: ['conflict'],
  },
  rotateSecret: {
    summary:
      'Make a new signing secret (shown once); for 24 hours every webhook is signed with both the new and the old one',
    params: ZWebhookParams,
    data: ZCreatedWebhookEndpoint,
  },
});

import {
  SIGNAL_STREAM_PATH,
  STREAM_CLOSE,
  STREAM_REPLAY_MAX,
  ZStreamMessage,
  ZWebhookPayload,
} from '@signalroom/shared';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { openToNewFields } from './openapi-operations.js';
import { publicBaseUrl } from './public-url.js';

/**
 * What the server sends that is not an answer, declared as machine-readable as its answers are: the
 * webhook bodies it posts to members' endpoints (the OpenAPI document's `webhooks`) and the plain
 * stream's messages (an AsyncAPI 3 document). Both come from the same zod schemas the server sends
 * with, so neither can drift from what is sent.
 */

type JsonObject = Record<string, unknown>;

/**
 * A zod schema as JSON Schema whose named parts (api-components.ts) refer to the document's
 * `components.schemas`, added there when the document does not have them yet. Open to new fields, as
 * every answer is.
 */
function withComponentRefs(
  schema: z.ZodType,
  target: 'draft-2020-12' | 'draft-7',
  components: Record<string, unknown>,
): JsonObject {
  const generated = z.toJSONSchema(schema, { target, io: 'output', unrepresentable: 'any' }) as JsonObject;
  const defsKey = target === 'draft-7' ? 'definitions' : '$defs';
  const local = `#/${defsKey}/`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node as JsonObject).map(([key, value]) =>
        key === '$ref' && typeof value === 'string' && value.startsWith(local)
          ? [key, `#/components/schemas/${value.slice(local.length)}`]
          : [key, rewrite(value)],
      ),
    );
  };
  const { [defsKey]: defs, $schema: _dialect, ...root } = generated;
  for (const [name, definition] of Object.entries((defs ?? {}) as JsonObject)) {
    if (components[name] !== undefined) continue;
    const converted = rewrite(definition);
    openToNewFields(converted);
    components[name] = converted;
  }
  const converted = rewrite(root) as JsonObject;
  openToNewFields(converted);
  return converted;
}

/** The event names of a discriminated union's options (its `type` literal). */
function optionsByType(union: z.ZodDiscriminatedUnion): [string, z.ZodObject][] {
  return (union.options as z.ZodObject[]).map((option) => [String((option.shape.type as z.ZodLiteral).value), option]);
}

/** `signal.issued` → `SignalIssued`. */
const pascal = (event: string) =>
  event
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');

/** The Standard Webhooks headers every delivery carries. */
const WEBHOOK_HEADERS: JsonObject[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description:
      'The message id: the same on every try of one message (retries, resends, recoveries); deduplicate on it',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'When this try was signed, in seconds since 1970 (refuse a message too far from your clock)',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` with the endpoint’s secret; during a secret rotation two, separated by a space: accept the message when either verifies (any Standard Webhooks library does)',
    schema: { type: 'string' },
  },
];

/**
 * The OpenAPI 3.1 `webhooks` of the document: one entry per event, its body and how a receiver answers.
 * Named parts of the bodies join `components` (the Signal they carry is the API's own).
 */
export function webhookOperations(components: Record<string, unknown>): JsonObject {
  return Object.fromEntries(
    optionsByType(ZWebhookPayload).map(([event, option]) => [
      event,
      {
        post: {
          operationId: `webhook${pascal(event)}`,
          summary: `The ${event} event, posted to each endpoint that chose it`,
          // The receiver checks the signature (webhook-signature), which no security scheme describes.
          security: [],
          parameters: WEBHOOK_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: withComponentRefs(option, 'draft-2020-12', components) } },
          },
          responses: {
            '200': { description: 'Received. Any 2xx answer ends the message; anything else is tried again later' },
            default: {
              description:
                'Not received: a non-2xx answer, or none within the timeout, is retried on the schedule; an endpoint failing for days is disabled and its owner told',
            },
          },
        },
      },
    ]),
  );
}

/** The AsyncAPI 3 document of the plain WebSocket stream (`GET /api/stream`). */
export function streamDocument(ctx: ServerContext): JsonObject {
  const base = new URL(publicBaseUrl(ctx));
  const schemas: Record<string, unknown> = {};
  const messages = Object.fromEntries(
    optionsByType(ZStreamMessage).map(([type, option]) => [
      pascal(type),
      {
        name: type,
        title: type,
        contentType: 'application/json',
        payload: withComponentRefs(option, 'draft-7', schemas),
      },
    ]),
  );
  const channelMessages = Object.fromEntries(
    Object.keys(messages).map((name) => [name, { $ref: `#/components/messages/${name}` }]),
  );
  return {
    asyncapi: '3.0.0',
    info: {
      title: `${ctx.config.PRODUCT_NAME} signal stream`,
      version: '1',
      description:
        'One JSON message per event, cut by the member’s tier view and daily allowance as the signal room is. ' +
        '`seq` is the public track record’s entry number of an issued or resolved signal: reconnect with ' +
        `\`?after=<seq>\` to receive what you missed first (at most ${STREAM_REPLAY_MAX}; \`truncated\` says when ` +
        'more were missed, which the REST reads fill), then live events. Messages may gain fields; clients must ' +
        `accept fields they do not know. Close codes: ${STREAM_CLOSE.accessEnded} when the key is revoked or the ` +
        `member loses live access, ${STREAM_CLOSE.tooSlow} when the client reads too slowly.`,
    },
    defaultContentType: 'application/json',
    servers: {
      thisDeployment: {
        host: base.host,
        protocol: base.protocol === 'https:' ? 'wss' : 'ws',
        description: 'This deployment',
        security: [{ $ref: '#/components/securitySchemes/apiKey' }],
      },
    },
    channels: {
      stream: {
        address: SIGNAL_STREAM_PATH,
        title: 'The signal stream',
        messages: channelMessages,
        bindings: {
          ws: {
            method: 'GET',
            query: {
              type: 'object',
              properties: {
                after: {
                  type: 'integer',
                  minimum: 0,
                  description: 'The last `seq` received: the stream first sends the entries after it',
                },
              },
            },
          },
        },
      },
    },
    operations: {
      receiveStream: {
        action: 'receive',
        channel: { $ref: '#/channels/stream' },
        summary: 'Signals issued, updated and resolved, and the member’s statistics, as they happen',
        messages: Object.keys(messages).map((name) => ({ $ref: `#/channels/stream/messages/${name}` })),
      },
    },
    components: {
      messages,
      schemas,
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'sr_…',
          description:
            'A member’s API key: `Authorization: Bearer sr_...`, or, from a browser, the WebSocket subprotocols `bearer, <key>`',
        },
      },
    },
  };
}

import { openApiPath } from '@signalroom/shared';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ObservedAnswer } from '../../src/http/api-docs.js';

/**
 * Every JSON answer a test server sends, checked against the OpenAPI document the server publishes,
 * as a strict validator reads it (ajv in strict mode, JSON Schema 2020-12 as OpenAPI 3.1 defines its
 * schemas, every `format` checked): a test server records its answers and checks them when it closes,
 * so the whole integration suite's traffic (successes and refusals alike) proves the document right.
 */

type JsonObject = Record<string, unknown>;
type Content = Record<string, { schema?: unknown }>;
export interface Document {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Content }> }>>;
  webhooks?: Record<string, { post?: { requestBody?: { content?: Content } } }>;
  components?: { schemas?: Record<string, unknown> };
}
/** The parts of the stream's AsyncAPI document a message is checked against. */
export interface StreamDocument {
  components: { messages: Record<string, { name: string; payload: unknown }>; schemas: Record<string, unknown> };
}

/** Where the document's components live for ajv: refs to `#/components/schemas/X` point here. */
const COMPONENTS_ID = 'https://signalroom.invalid/api-components';

/** Keywords OpenAPI 3.1 adds to JSON Schema, which a strict ajv must be told are not typos. */
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs'];

/** Answers kept per operation and status of one server: enough to see every shape, bounded in cost. */
const KEPT_PER_ANSWER_KIND = 20;

/** A schema whose refs to the document's components point at the components' own schema for ajv. */
function withComponentRefs(node: unknown, container: '$defs' | 'definitions' = '$defs'): unknown {
  if (Array.isArray(node)) return node.map((item) => withComponentRefs(item, container));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonObject).map(([key, value]) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? [key, `${COMPONENTS_ID}#/${container}/${value.slice('#/components/schemas/'.length)}`]
        : [key, withComponentRefs(value, container)],
    ),
  );
}

/** One validator per document (servers in one test worker publish the same one; compiled once). */
export class DocumentValidator {
  private readonly ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(private readonly document: Document) {
    addFormats(this.ajv);
    for (const keyword of OPENAPI_KEYWORDS) this.ajv.addKeyword(keyword);
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: withComponentRefs(document.components?.schemas ?? {}) });
  }

  /** The validator of one declared answer; null when the operation declares no JSON body for it. */
  private validatorFor(answer: ObservedAnswer): ValidateFunction | null | undefined {
    const operation = this.document.paths[openApiPath(answer.path)]?.[answer.method.toLowerCase()];
    if (!operation) return undefined;
    return this.compileOnce(`${answer.method} ${answer.path} ${answer.status}`, () => {
      return operation.responses?.[String(answer.status)]?.content?.['application/json']?.schema;
    });
  }

  /** A JSON body's schema compiled once per document (null when the document declares none). */
  private compileOnce(key: string, schemaOf: () => unknown): ValidateFunction | null {
    if (!this.compiled.has(key)) {
      const schema = schemaOf();
      this.compiled.set(key, schema ? this.ajv.compile(withComponentRefs(schema) as JsonObject) : null);
    }
    return this.compiled.get(key) ?? null;
  }

  /** Why a webhook body does not conform to the document's `webhooks`, or null when it does. */
  webhookProblemOf(body: string): string | null {
    const type = String((JSON.parse(body) as { type?: unknown }).type);
    const validate = this.compileOnce(
      `webhook ${type}`,
      () => this.document.webhooks?.[type]?.post?.requestBody?.content?.['application/json']?.schema,
    );
    if (!validate) return `the ${type} webhook: the document declares no such event`;
    return validate(JSON.parse(body))
      ? null
      : `the ${type} webhook: ${this.ajv.errorsText(validate.errors)} in ${body.slice(0, 300)}`;
  }

  /** Whether the document has the operation (a route some servers register only with some settings). */
  has(answer: ObservedAnswer): boolean {
    return Boolean(this.document.paths[openApiPath(answer.path)]?.[answer.method.toLowerCase()]);
  }

  /** Why an answer does not conform, or null when it does. */
  problemOf(answer: ObservedAnswer): string | null {
    const validate = this.validatorFor(answer);
    const name = `${answer.method} ${answer.path} answered ${answer.status}`;
    if (validate === undefined) return `${name}: the document has no such operation`;
    if (validate === null) return `${name}: the document declares no JSON body for it`;
    if (validate(JSON.parse(answer.body))) return null;
    return `${name}: ${this.ajv.errorsText(validate.errors)} in ${answer.body.slice(0, 300)}`;
  }
}

/** The stream's messages against its AsyncAPI document (JSON Schema draft 7, AsyncAPI's own). */
class StreamValidator {
  private readonly ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  private readonly byType = new Map<string, ValidateFunction>();

  constructor(document: StreamDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema({
      $id: COMPONENTS_ID,
      definitions: withComponentRefs(document.components.schemas, 'definitions'),
    });
    for (const message of Object.values(document.components.messages)) {
      this.byType.set(message.name, this.ajv.compile(withComponentRefs(message.payload, 'definitions') as JsonObject));
    }
  }

  problemOf(message: string): string | null {
    const type = String((JSON.parse(message) as { type?: unknown }).type);
    const validate = this.byType.get(type);
    if (!validate) return `the stream's ${type} message: the AsyncAPI document declares no such message`;
    return validate(JSON.parse(message))
      ? null
      : `the stream's ${type} message: ${this.ajv.errorsText(validate.errors)}`;
  }
}

/** Bodies of webhooks and stream messages received since a server last checked them (receivers record them). */
const sentEvents: { kind: 'webhook' | 'stream'; body: string }[] = [];
const KEPT_EVENTS = 200;

/** A webhook body a test's receiver got: checked when the next test server closes. */
export function recordWebhookBody(body: string): void {
  if (sentEvents.length < KEPT_EVENTS) sentEvents.push({ kind: 'webhook', body });
}

/** A stream message a test's client got: checked when the next test server closes. */
export function recordStreamMessage(body: string): void {
  if (sentEvents.length < KEPT_EVENTS) sentEvents.push({ kind: 'stream', body });
}

let streamValidator: StreamValidator | null = null;

/**
 * The first server's document, for every server of this test worker: generating it costs a server a
 * few hundred milliseconds, and the schemas are the same for all (routes differ only by settings).
 */
let workerValidator: DocumentValidator | null = null;

/** Records one server's answers; `check` validates them against the document it publishes. */
export function recordAnswers() {
  const answers: ObservedAnswer[] = [];
  const kept = new Map<string, number>();
  return {
    observe(answer: ObservedAnswer): void {
      const kind = `${answer.method} ${answer.path} ${answer.status}`;
      const count = kept.get(kind) ?? 0;
      if (count >= KEPT_PER_ANSWER_KIND) return;
      kept.set(kind, count + 1);
      answers.push(answer);
    },
    /**
     * Throws, naming each answer that does not conform to `document` (the server's own), and each
     * webhook body or stream message received since the last check that does not conform to the
     * document's `webhooks` or to `streamDocument`.
     */
    check(document: () => unknown, streamDocument: () => unknown): void {
      const events = sentEvents.splice(0);
      if (answers.length === 0 && events.length === 0) return;
      workerValidator ??= new DocumentValidator(document() as Document);
      const shared = workerValidator;
      // A route this server has and the first did not: its own document.
      let own: DocumentValidator | null = null;
      const validatorOf = (answer: ObservedAnswer) => {
        if (shared.has(answer)) return shared;
        own ??= new DocumentValidator(document() as Document);
        return own;
      };
      const problems = answers.map((answer) => validatorOf(answer).problemOf(answer));
      for (const event of events) {
        if (event.kind === 'webhook') problems.push(shared.webhookProblemOf(event.body));
        else {
          streamValidator ??= new StreamValidator(streamDocument() as StreamDocument);
          problems.push(streamValidator.problemOf(event.body));
        }
      }
      const found = [...new Set(problems.filter((problem) => problem !== null))];
      if (found.length > 0) {
        throw new Error(`What the server sent does not conform to its documents:\n${found.join('\n')}`);
      }
    },
  };
}

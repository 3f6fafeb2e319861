import type { RouteContract } from '@signalroom/shared';
import * as shared from '@signalroom/shared';
import { globalRegistry, z } from 'zod';

/**
 * Gives every object, enum and union schema the shared package exports a name in the API's documents,
 * from its export (`ZSignal` → `Signal`), so the OpenAPI document declares each resource once under
 * `components.schemas` and refers to it wherever it is used, and generated clients get named types.
 * Names come from the code, not from a list kept beside it: a new resource is named as it is exported.
 * Idempotent (several servers in one process name the same schemas once).
 *
 * A schema a route's path or query uses stays unnamed: OpenAPI lists those one parameter at a time,
 * inline, and @fastify/swagger cannot resolve a reference there.
 */
export function nameSharedSchemas(routes: readonly RouteContract[]): void {
  const inParameters = new Set<z.ZodType>();
  for (const route of routes) {
    reachableSchemas(route.params, inParameters);
    reachableSchemas(route.query, inParameters);
  }
  for (const [exported, schema] of Object.entries(shared)) {
    if (!/^Z[A-Z]/.test(exported) || !isNamedKind(schema) || inParameters.has(schema)) continue;
    const meta = globalRegistry.get(schema);
    // Already named: by an earlier call, or the same schema exported under a second name.
    if (meta?.id) continue;
    globalRegistry.add(schema, { ...meta, id: exported.slice(1) });
  }
}

/** Resources and their kinds; a bare string or number schema stays inline where it is used. */
function isNamedKind(value: unknown): value is z.ZodType {
  return (
    value instanceof z.ZodObject ||
    value instanceof z.ZodEnum ||
    value instanceof z.ZodUnion ||
    value instanceof z.ZodDiscriminatedUnion
  );
}

/** Every zod schema a schema is made of (its fields, items, options, inner types), itself included. */
function reachableSchemas(node: unknown, into: Set<z.ZodType>): void {
  if (Array.isArray(node)) {
    for (const item of node) reachableSchemas(item, into);
    return;
  }
  if (node instanceof z.ZodType) {
    if (into.has(node)) return;
    into.add(node);
    reachableSchemas(Object.values(node._zod.def), into);
    return;
  }
  // A definition's plain parts: an object's shape, a record's key and value.
  if (node && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
    reachableSchemas(Object.values(node), into);
  }
}

type JsonObject = Record<string, unknown>;

/** Every `$ref` to a component schema in a part of the document, by the component's name. */
function referencedNames(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedNames(item, into);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        into.add(value.slice('#/components/schemas/'.length));
      } else referencedNames(value, into);
    }
  }
  return into;
}

/**
 * The component schemas the document's operations (and webhooks) use, directly or through another
 * component: the generator emits every named schema twice (as an answer and as input `…Input`), most
 * of which no operation reads.
 */
export function usedComponents(document: JsonObject, schemas: Record<string, unknown>): Record<string, unknown> {
  const used = referencedNames([document.paths, document.webhooks], new Set());
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    for (const next of referencedNames(schemas[name], new Set())) {
      if (used.has(next)) continue;
      used.add(next);
      pending.push(next);
    }
  }
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

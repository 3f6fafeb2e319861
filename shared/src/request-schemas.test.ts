import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as shared from './index.js';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every request body and query schema the package exports (ZSomethingRequest, ZSomethingQuery). */
const REQUEST_SCHEMAS = (Object.entries(shared) as Array<[string, unknown]>).filter(
  (entry): entry is [string, z.ZodType] => /^Z\w+(Request|Query)$/.test(entry[0]) && typeof entry[1] === 'object',
);

/** The object's fields, each unwrapped from optional, nullable and default. */
function leaves(schema: z.ZodType): Array<[string, z.ZodType]> {
  return Object.entries(defOf(schema).shape ?? {}).map(([key, node]) => {
    let leaf = node;
    while (defOf(leaf).innerType) leaf = defOf(leaf).innerType!;
    return [key, leaf];
  });
}

describe('request schemas', () => {
  it('are found (the walk below is not vacuous)', () => {
    expect(REQUEST_SCHEMAS.length).toBeGreaterThanOrEqual(18);
  });

  for (const [name, schema] of REQUEST_SCHEMAS) {
    it(`${name}: every text field refuses NUL and other hidden control characters`, () => {
      for (const [key, leaf] of leaves(schema)) {
        if (defOf(leaf).type !== 'string') continue;
        for (const hostile of ['a\u0000b', 'a\u0085b', 'a\u202Eb']) {
          const result = leaf.safeParse(hostile);
          // Phone fields remove bidi marks instead (they arrive around numbers copied from chat apps).
          if (hostile === 'a\u202Eb' && /phone|callNumber/i.test(key)) continue;
          expect(result.success, `${name}.${key} accepted ${JSON.stringify(hostile)}`).toBe(false);
        }
      }
    });

    it(`${name}: a missing or wrongly typed field gets our words, not the schema library's`, () => {
      const variants = [{}, Object.fromEntries(leaves(schema).map(([key]) => [key, { nested: true }]))];
      for (const input of variants) {
        const result = schema.safeParse(input);
        for (const issue of result.success ? [] : result.error.issues) {
          if (issue.code === 'unrecognized_keys') continue;
          expect(issue.message, `${name}.${issue.path.join('.')}`).not.toMatch(/Invalid input|expected|received/);
        }
      }
    });
  }
});

import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/**
 * Schema builders: `z.object(...)`, the shared field builders `zText(...)` and the like, the shared
 * instant's `ZInstant.nullable()`, and the API contract's `withSchemas(...)`. Building a schema has no side effects, so a module of @signalroom/shared
 * that a page uses for one pure function or a route table does not drag zod into its bundle, nor build a
 * schema before the app's zod settings (app/zod-config.ts) are in place.
 */
const SCHEMA_BUILDERS = new Set([
  'z',
  'zText',
  'zEmailText',
  'zChoice',
  'zFlag',
  'zQueryInteger',
  'ZInstant',
  'withSchemas',
]);

/** Our own sources (the workspaces), never a dependency's. */
const OWN_SOURCE = /[\\/](shared|web)[\\/]src[\\/][^?]*\.tsx?$/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The identifier a call chain starts from: `z` in `z.object({}).extend({})`. */
function chainRoot(node: Node): string | null {
  let current: Node = node;
  for (;;) {
    if (current.type === 'Identifier') return current.name as string;
    if (current.type === 'CallExpression' && isNode(current.callee)) current = current.callee;
    else if (current.type === 'MemberExpression' && isNode(current.object)) current = current.object;
    else if (current.type === 'ChainExpression' && isNode(current.expression)) current = current.expression;
    else return null;
  }
}

/**
 * Marks each schema-builder call in our own sources as pure with a `#__PURE__` annotation. This is what
 * Rollup's `treeshake.manualPureFunctions` would do, but scoped to our code: that option applies to every
 * module by name, and a minified dependency has its own one-letter functions (lightweight-charts' canvas
 * clearing function is called `z`), whose calls it silently removed.
 */
export function pureSchemaBuilders(): Plugin {
  return {
    name: 'signalroom-pure-schema-builders',
    transform(code, id) {
      if (!OWN_SOURCE.test(id) || id.includes('node_modules')) return null;
      if (![...SCHEMA_BUILDERS].some((name) => code.includes(name))) return null;
      const out = new MagicString(code);
      const annotated = new Set<number>();
      const visit = (node: Node, insideChain: boolean) => {
        if (node.type === 'CallExpression' && !insideChain) {
          const root = chainRoot(node);
          if (root !== null && SCHEMA_BUILDERS.has(root) && !annotated.has(node.start)) {
            annotated.add(node.start);
            out.appendLeft(node.start, '/* @__PURE__ */ ');
          }
        }
        for (const [key, value] of Object.entries(node)) {
          // The callee of a call (or the object of a member) is the same chain: only its outermost call counts.
          const sameChain =
            (node.type === 'CallExpression' && key === 'callee') ||
            (node.type === 'MemberExpression' && key === 'object');
          const children = Array.isArray(value) ? value : [value];
          for (const child of children) if (isNode(child)) visit(child, sameChain);
        }
      };
      visit(parseAst(code) as unknown as Node, false);
      if (annotated.size === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}

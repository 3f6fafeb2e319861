/**
 * A LIKE pattern matching text that contains `text`, lower-cased (compare it with `lower(column)`), its
 * wildcards escaped so a search for "a_b" or "50%" means exactly that.
 */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

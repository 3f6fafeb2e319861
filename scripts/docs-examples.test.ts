import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The programs in docs/examples are the ones the integration tests run against a live server. The
// guide (also shown in the app as "Connect your tools") carries them word for word, so what a member
// copies is what was tested: each `<!-- example: name -->` marker is followed by that file's text.

const guide = readFileSync('docs/connect-your-tools.md', 'utf8');
const examples = readdirSync('docs/examples').sort();

function embedded(): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of guide.matchAll(/<!-- example: (\S+) -->\n```\w+\n([\s\S]*?)```\n/g)) {
    const [, name, body] = match;
    if (name === undefined || body === undefined) continue;
    if (found.has(name)) throw new Error(`${name} is embedded twice`);
    found.set(name, body);
  }
  return found;
}

describe('docs/connect-your-tools.md', () => {
  it('embeds every example program once', () => {
    expect([...embedded().keys()].sort()).toEqual(examples);
  });

  it.each(examples)('carries %s exactly as the file is', (name) => {
    expect(embedded().get(name)).toBe(readFileSync(`docs/examples/${name}`, 'utf8'));
  });
});

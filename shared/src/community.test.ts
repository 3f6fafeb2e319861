import { describe, expect, it } from 'vitest';
import { decodeFeedCursor, encodeFeedCursor, linkify, postIssue } from './community.js';

describe('linkify', () => {
  it('turns http and https addresses into links and leaves the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1, then http://x.org.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });
  it('never links other schemes or markup', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '<a href="https://e.com">x</a>']) {
      const links = linkify(text).filter((s) => s.kind === 'link');
      expect(links.every((s) => s.kind === 'link' && /^https?:\/\//.test(s.href) && !s.href.includes('"'))).toBe(true);
    }
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
  it('keeps plain text whole', () => {
    expect(linkify('just words')).toEqual([{ kind: 'text', text: 'just words' }]);
  });
});

describe('postIssue', () => {
  it('requires text and caps it at 2000 characters after trimming', () => {
    expect(postIssue('  ')).toBe('Write something before posting');
    expect(postIssue(undefined)).toBe('Write something before posting');
    expect(postIssue(`  ${'x'.repeat(2000)}  `)).toBeNull();
    expect(postIssue('x'.repeat(2001))).toBe('Posts can be at most 2000 characters');
  });
});

describe('feed cursor', () => {
  it('round-trips and refuses anything else', () => {
    const id = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    const cursor = encodeFeedCursor('2026-11-24T10:00:00.123Z', id);
    expect(decodeFeedCursor(cursor)).toEqual({ createdAt: new Date('2026-11-24T10:00:00.123Z'), id });
    expect(decodeFeedCursor('nonsense')).toBeNull();
    expect(decodeFeedCursor(`1_${id}'`)).toBeNull();
  });
});

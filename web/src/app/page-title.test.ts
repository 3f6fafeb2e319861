import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, publicPageTitle } from './page-title.js';

describe('public page titles', () => {
  it('names each public page, and the landing page by the product alone', () => {
    expect(publicPageTitle('/')).toBeNull();
    expect(publicPageTitle('/login')).toBe('Log in');
    expect(publicPageTitle('/login/')).toBe('Log in');
    expect(publicPageTitle('/bot-access/success')).toBe("You're almost there");
  });
  it('calls an address no page answers what it is', () => {
    expect(publicPageTitle('/no-such-page')).toBe('Page not found');
  });
  it("puts the page before the operator's product name", () => {
    expect(formatDocumentTitle('Log in', 'Acme Signals')).toBe('Log in · Acme Signals');
    expect(formatDocumentTitle(null, 'Acme Signals')).toBe('Acme Signals');
  });
});

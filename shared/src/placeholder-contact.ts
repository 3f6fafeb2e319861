/**
 * Contacts that are examples, not a business's own: the shipped defaults and anything an operator
 * types that no real customer could reach. Pages hide such a contact, and the settings refuse it.
 */

// Reserved names that can never be a real operator's contact (RFC 2606 / 6761 and the .local suffix).
const RESERVED_HOST = /(^|\.)(example\.(com|org|net)|example|invalid|test|local|localhost)$/i;

/**
 * Whether a contact value is a placeholder rather than a real contact: unset (the shipped default), on a
 * reserved domain (example.com, .local, .test ...), or a phone number that is all zeros after its
 * country code.
 */
export function isPlaceholderContact(value: string | undefined): boolean {
  const text = value?.trim() ?? '';
  if (text === '') return true;
  if (/^\+?[\d\s().-]+$/.test(text)) return /0{6,}$/.test(text.replace(/\D/g, ''));
  const host = text.includes('@') && !text.includes('/') ? text.split('@').pop() : hostOf(text);
  return host ? RESERVED_HOST.test(host) : false;
}

function hostOf(text: string): string | undefined {
  try {
    return new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`).hostname;
  } catch {
    return undefined;
  }
}

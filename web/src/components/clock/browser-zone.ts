/**
 * The browser's own zone: the first guess for a visitor, and for a member who has not chosen one. In a
 * module of its own, without the session store, so a public page (the landing page) can use the one clock
 * without loading the member's session code.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // No Intl time zones in this browser: times are shown in UTC, and say so.
    return 'UTC';
  }
}

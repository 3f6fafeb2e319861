import { describe, expect, it } from 'vitest';
import {
  describeNotification,
  excerptOf,
  isSignalNoticeFinal,
  NOTIFICATION_LIMITS,
  notificationBellLabel,
  type TNotification,
  unreadBadgeText,
  ZNotification,
} from './notifications.js';

const base = { id: 'n1', createdAt: '2026-11-28T10:00:00.000Z', updatedAt: null, readAt: null };
const at = (iso: string) => `at ${iso}`;

function describe1(notification: TNotification) {
  return describeNotification(ZNotification.parse(notification), at);
}

describe('describeNotification', () => {
  it('names a delivered signal and where it stands, with the level its result came at', () => {
    const signal = {
      ...base,
      kind: 'signal' as const,
      data: {
        signalId: 's1',
        asset: 'EUR/USD',
        direction: 'PUT' as const,
        status: 'active' as const,
        outcome: null,
        resolvedLevel: null,
      },
    };
    expect(describe1(signal)).toEqual({
      title: 'Signal sent: EUR/USD PUT',
      text: 'Pending',
      href: '/dashboard/signals',
    });
    const won = {
      ...signal,
      data: { ...signal.data, status: 'closed' as const, outcome: 'profit' as const, resolvedLevel: 1 },
    };
    expect(describe1(won).text).toBe('Won at L1');
  });

  it('says what an admin decided, the tier with its end, and the end of a timed tier', () => {
    expect(
      describe1({
        ...base,
        kind: 'activation',
        data: { proofId: 'p', decision: 'rejected', tier: null, reason: 'Blurred file' },
      }),
    ).toEqual({
      title: 'Activation not approved',
      text: 'Reason: Blurred file',
      href: '/dashboard/account-setup?step=3',
    });
    expect(
      describe1({
        ...base,
        kind: 'tier-changed',
        data: {
          grantId: 'g',
          tier: 'gold',
          previousTier: 'silver',
          dashboardUnlocked: true,
          expiresAt: '2026-12-01T00:00:00Z',
        },
      }).text,
    ).toBe('Your tier is now Gold until at 2026-12-01T00:00:00Z.');
    expect(
      describe1({
        ...base,
        kind: 'tier-expiring',
        data: { grantId: 'g', tier: 'pro', returnsTo: 'guest', expiresAt: '2026-12-01T00:00:00Z' },
      }),
    ).toMatchObject({
      title: 'Pro ends soon',
      text: 'Your Pro access ends at 2026-12-01T00:00:00Z; you then return to Guest.',
    });
  });

  it('links a support reply to its ticket and a sign-in to the sessions in Settings', () => {
    expect(
      describe1({ ...base, kind: 'support-reply', data: { ticketId: 'a b', messageId: 'm', subject: 'Help' } }).href,
    ).toBe('/dashboard/support?ticket=a%20b');
    expect(
      describe1({
        ...base,
        kind: 'new-browser',
        data: { sessionId: 's', browser: 'Firefox 133', os: 'Linux', ip: null },
      }),
    ).toEqual({
      title: 'New sign-in',
      text: 'Signed in from Firefox 133 on Linux. Not you? Log that session out in Settings.',
      href: '/dashboard/settings',
    });
  });
});

describe('the bell', () => {
  it('names the unread count in its accessible name, and caps the badge', () => {
    expect(notificationBellLabel(0)).toBe('Notifications');
    expect(notificationBellLabel(3)).toBe('Notifications, 3 unread');
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(250)).toBe('99+');
  });

  it('quotes the start of a reply, whitespace folded', () => {
    expect(excerptOf('  Nice\n\n  call  ')).toBe('Nice call');
    const long = excerptOf('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(NOTIFICATION_LIMITS.excerptMax);
    expect(long.endsWith('…')).toBe(true);
  });

  it('takes a signal notice as final once its outcome is known or it is void', () => {
    expect(isSignalNoticeFinal({ status: 'active', outcome: null })).toBe(false);
    expect(isSignalNoticeFinal({ status: 'hit_sl', outcome: 'loss' })).toBe(true);
    expect(isSignalNoticeFinal({ status: 'void', outcome: null })).toBe(true);
  });
});

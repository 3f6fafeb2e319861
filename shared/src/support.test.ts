import { describe, expect, it } from 'vitest';
import { Messages } from './messages.js';
import {
  memberCanReply,
  SUPPORT_LIMITS,
  SupportMessages,
  statusAfterMessage,
  supportMessageIssue,
  ticketFieldIssues,
  ZAdminSupportQuery,
  ZSupportTicketRequest,
} from './support.js';

describe('support ticket rules', () => {
  it('checks subject and message after trimming, one message per field', () => {
    expect(ticketFieldIssues({ subject: 'Deposit missing', message: 'It has been two hours.' })).toEqual({});
    expect(ticketFieldIssues({})).toEqual({
      subject: SupportMessages.subjectRequired,
      message: SupportMessages.messageRequired,
    });
    expect(ticketFieldIssues({ subject: ' ab ', message: ' short ' })).toEqual({
      subject: SupportMessages.subjectTooShort,
      message: SupportMessages.messageTooShort,
    });
    expect(
      ticketFieldIssues({
        subject: 's'.repeat(SUPPORT_LIMITS.subjectMax + 1),
        message: 'm'.repeat(SUPPORT_LIMITS.messageMax + 1),
      }),
    ).toEqual({ subject: SupportMessages.subjectTooLong, message: SupportMessages.messageTooLong });
    // The limits are inclusive, and a message keeps its line breaks.
    expect(
      ticketFieldIssues({
        subject: 's'.repeat(SUPPORT_LIMITS.subjectMax),
        message: `line one\n${'m'.repeat(SUPPORT_LIMITS.messageMax - 9)}`,
      }),
    ).toEqual({});
    expect(ticketFieldIssues({ subject: 'Tab\there', message: 'Fine message here.' }).subject).toBe(
      Messages.common.hiddenCharacters,
    );
    expect(supportMessageIssue('Ring the bell \u0007 please')).toBe(Messages.common.hiddenCharacters);
  });

  it('defaults the priority to medium and names the categories the product offers', () => {
    const parsed = ZSupportTicketRequest.parse({ category: 'billing', subject: 'abc', message: 'hello there' });
    expect(parsed.priority).toBe('medium');
    expect(ZSupportTicketRequest.safeParse({ category: 'refunds', subject: 'abc', message: 'x' }).success).toBe(false);
  });

  it('treats empty inbox filters as no filter', () => {
    expect(ZAdminSupportQuery.parse({ status: '', category: '', priority: '' })).toMatchObject({
      status: undefined,
      page: 1,
      limit: SUPPORT_LIMITS.pageSize,
    });
  });

  it('moves a ticket by who wrote last; a closed ticket takes no member reply', () => {
    expect(statusAfterMessage('member')).toBe('open');
    expect(statusAfterMessage('support')).toBe('pending');
    expect(memberCanReply('resolved')).toBe(true);
    expect(memberCanReply('closed')).toBe(false);
  });
});

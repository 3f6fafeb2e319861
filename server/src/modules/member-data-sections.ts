import type { MemberDataRegistry } from '../db/member-data.js';
import { defineActivationMemberData } from './activation/activation.member-data.js';
import { defineApiKeysMemberData } from './api-keys/api-keys.member-data.js';
import { defineAuthMemberData } from './auth/auth.member-data.js';
import { defineBotAccessMemberData } from './bot-access/bot-access.member-data.js';
import { defineCommunityMemberData } from './community/community.member-data.js';
import { defineDeliveryMemberData } from './delivery/delivery.member-data.js';
import { defineDeskMemberData } from './desk/desk.member-data.js';
import { defineGoldMemberData } from './gold/gold.member-data.js';
import { defineIdempotencyMemberData } from './idempotency/idempotency.member-data.js';
import { defineJournalMemberData } from './journal/journal.member-data.js';
import { defineMailMemberData } from './mail/mail.member-data.js';
import { defineMentorshipMemberData } from './mentorship/mentorship.member-data.js';
import { defineNotificationsMemberData } from './notifications/notifications.member-data.js';
import { defineRiskPlanMemberData } from './risk-plan/risk-plan.member-data.js';
import { defineSupportMemberData } from './support/support.member-data.js';
import { defineTierGrantsMemberData } from './tier-grants/tier-grants.member-data.js';
import { defineUsersMemberData } from './users/users.member-data.js';
import { defineWebhooksMemberData } from './webhooks/webhooks.member-data.js';

/**
 * Every module's sections of member data ("Download Elite Data", "Cancel Elite Membership"), defined
 * once per process. This order is the order of the export file and of the erasure; the registry adds
 * the account itself last. A module that stores something about a member defines its section here.
 */
export function defineMemberDataSections(memberData: MemberDataRegistry): void {
  defineUsersMemberData(memberData);
  defineAuthMemberData(memberData);
  defineApiKeysMemberData(memberData);
  defineWebhooksMemberData(memberData);
  defineActivationMemberData(memberData);
  defineBotAccessMemberData(memberData);
  defineMailMemberData(memberData);
  defineSupportMemberData(memberData);
  defineTierGrantsMemberData(memberData);
  defineMentorshipMemberData(memberData);
  defineCommunityMemberData(memberData);
  defineGoldMemberData(memberData);
  defineDeliveryMemberData(memberData);
  defineDeskMemberData(memberData);
  defineNotificationsMemberData(memberData);
  defineRiskPlanMemberData(memberData);
  defineJournalMemberData(memberData);
  defineIdempotencyMemberData(memberData);
}

import {
  ActivationRoutes,
  AdminConsoleRoutes,
  AdminRoutes,
  ApiKeysRoutes,
  AuditRoutes,
  AuthRoutes,
  BotAccessRoutes,
  CommunityRoutes,
  ContentRoutes,
  CopyTradingRoutes,
  CountdownRoutes,
  DeliveryRoutes,
  DeskRoutes,
  GoldRoutes,
  JournalRoutes,
  MentorshipRoutes,
  NotificationsRoutes,
  PlatformRoutes,
  SetupRoutes,
  SignalsRoutes,
  SlotsRoutes,
  SupportRoutes,
  TrackRecordRoutes,
  UsersRoutes,
  VaultEditorRoutes,
  WebhooksRoutes,
} from '@signalroom/shared';
import * as messages from './fallback-messages.js';
import { clientOf } from './feature-client.js';

/*
 * The web client of the API: every route of the contract's route tables, by feature and route name.
 * Pages import this module whole and call a route by its names,
 *
 *   import * as api from '../../api/api.js';
 *   const outcome = await api.support.thread({ params: { id }, signal });
 *
 * which resolves to the route's `data` or a failure (client.ts), worded by fallback-messages.ts. A route
 * added to a table is callable here at once; its message is the one other line it needs.
 *
 * One export per feature rather than one object: a bundle keeps only the features its pages call, which
 * the landing page's budget needs (scripts/bundle-size.mjs). Each is pure, so an unused one is dropped.
 */

export const platform = /* @__PURE__ */ clientOf(PlatformRoutes, messages.platform);
export const auth = /* @__PURE__ */ clientOf(AuthRoutes, messages.auth);
export const users = /* @__PURE__ */ clientOf(UsersRoutes, messages.users);
export const apiKeys = /* @__PURE__ */ clientOf(ApiKeysRoutes, messages.apiKeys);
export const webhooks = /* @__PURE__ */ clientOf(WebhooksRoutes, messages.webhooks);
export const admin = /* @__PURE__ */ clientOf(AdminRoutes, messages.admin);
export const audit = /* @__PURE__ */ clientOf(AuditRoutes, messages.audit);
export const activation = /* @__PURE__ */ clientOf(ActivationRoutes, messages.activation);
export const botAccess = /* @__PURE__ */ clientOf(BotAccessRoutes, messages.botAccess);
export const signals = /* @__PURE__ */ clientOf(SignalsRoutes, messages.signals);
export const journal = /* @__PURE__ */ clientOf(JournalRoutes, messages.journal);
export const countdown = /* @__PURE__ */ clientOf(CountdownRoutes, messages.countdown);
export const support = /* @__PURE__ */ clientOf(SupportRoutes, messages.support);
export const content = /* @__PURE__ */ clientOf(ContentRoutes, messages.content);
export const adminConsole = /* @__PURE__ */ clientOf(AdminConsoleRoutes, messages.adminConsole);
export const mentorship = /* @__PURE__ */ clientOf(MentorshipRoutes, messages.mentorship);
export const vaultEditor = /* @__PURE__ */ clientOf(VaultEditorRoutes, messages.vaultEditor);
export const community = /* @__PURE__ */ clientOf(CommunityRoutes, messages.community);
export const copyTrading = /* @__PURE__ */ clientOf(CopyTradingRoutes, messages.copyTrading);
export const gold = /* @__PURE__ */ clientOf(GoldRoutes, messages.gold);
export const trackRecord = /* @__PURE__ */ clientOf(TrackRecordRoutes, messages.trackRecord);
export const slots = /* @__PURE__ */ clientOf(SlotsRoutes, messages.slots);
export const delivery = /* @__PURE__ */ clientOf(DeliveryRoutes, messages.delivery);
export const desk = /* @__PURE__ */ clientOf(DeskRoutes, messages.desk);
export const setup = /* @__PURE__ */ clientOf(SetupRoutes, messages.setup);
export const notifications = /* @__PURE__ */ clientOf(NotificationsRoutes, messages.notifications);

import {
  type ActivationRoutes,
  type AdminConsoleRoutes,
  type AdminRoutes,
  type ApiKeysRoutes,
  type AuditRoutes,
  type AuthRoutes,
  type BotAccessRoutes,
  type CommunityRoutes,
  type ContentRoutes,
  type CopyTradingRoutes,
  type CountdownRoutes,
  type DeliveryRoutes,
  type DeskRoutes,
  type GoldRoutes,
  type JournalRoutes,
  type MentorshipRoutes,
  type NotificationsRoutes,
  type PlatformRoutes,
  type SetupRoutes,
  type SignalsRoutes,
  type SlotsRoutes,
  type SupportRoutes,
  type TrackRecordRoutes,
  type UsersRoutes,
  type VaultEditorRoutes,
  type WebhooksRoutes,
  WrapperMessages,
} from '@signalroom/shared';
import type { FallbackMessages } from './feature-client.js';

/*
 * What a page shows when a call fails and the answer carries no message of its own (the server's message
 * always wins): one sentence per route, by feature and by the route's name in its table. It is product
 * copy, and browser journeys look for some of it. Each feature's messages must name every route of its
 * table and no other (`satisfies`), so a route added to a table without its message does not compile.
 *
 * One export per feature rather than one object, so that a bundle keeps only the features it calls
 * (the landing page's has a budget, scripts/bundle-size.mjs).
 */

export const platform = {
  live: "The server's liveness could not be checked.",
  health: "The server's health could not be checked.",
  publicConfig: 'The site settings could not be loaded.',
  devOutbox: 'The outbox could not be loaded.',
  queueBoardPass: 'The queue board could not be opened.',
} satisfies FallbackMessages<typeof PlatformRoutes>;

export const auth = {
  register: WrapperMessages.register,
  confirmCode: WrapperMessages.confirmCode,
  resendWelcomeEmail: WrapperMessages.resendWelcomeEmail,
  login: WrapperMessages.login,
  logout: WrapperMessages.logout,
  me: WrapperMessages.me,
  forgotPassword: WrapperMessages.forgotPassword,
  verifyResetToken: WrapperMessages.verifyResetToken,
  resetPassword: WrapperMessages.resetPassword,
  sendActivationEmail: WrapperMessages.sendActivationEmail,
  validateDashboardCode: WrapperMessages.validateDashboardCode,
} satisfies FallbackMessages<typeof AuthRoutes>;

export const users = {
  updateProfile: 'Your profile could not be saved.',
  requestEmailChange: 'The confirmation code could not be sent.',
  confirmEmailChange: 'The email address could not be changed.',
  changePassword: 'The password could not be changed.',
  listSessions: 'Your sessions could not be loaded.',
  revokeOtherSessions: 'The other sessions could not be logged out.',
  revokeSession: 'The session could not be logged out.',
  notifications: 'Your notification settings could not be loaded.',
  saveNotifications: 'Your notification settings could not be saved.',
  riskPlan: 'Your risk plan could not be loaded.',
  saveRiskPlan: 'Your risk plan could not be saved.',
  exportData: 'Your data could not be downloaded.',
  deleteAccount: 'Your membership could not be cancelled.',
} satisfies FallbackMessages<typeof UsersRoutes>;

export const journal = {
  journal: 'Your trades could not be loaded.',
  saveEntry: 'This signal could not be saved to your journal.',
  removeEntry: 'This signal could not be taken out of your journal.',
  importTrades: 'Your trade history could not be imported.',
} satisfies FallbackMessages<typeof JournalRoutes>;

export const apiKeys = {
  list: 'Your API keys could not be loaded.',
  create: 'The API key could not be created.',
  revoke: 'The API key could not be revoked.',
} satisfies FallbackMessages<typeof ApiKeysRoutes>;

export const webhooks = {
  list: 'Your webhook endpoints could not be loaded.',
  create: 'The webhook endpoint could not be added.',
  update: 'The webhook endpoint could not be saved.',
  remove: 'The webhook endpoint could not be deleted.',
  attempts: 'The recent attempts could not be loaded.',
  deliveries: 'The deliveries could not be loaded.',
  resend: 'The attempt could not be sent again.',
  recover: 'The failed deliveries could not be queued again.',
  test: 'The test event could not be sent.',
  rotateSecret: 'A new signing secret could not be made.',
} satisfies FallbackMessages<typeof WebhooksRoutes>;

export const admin = {
  listUsers: 'Failed to load users',
  searchUsers: 'Failed to search users',
  updateAccess: 'Failed to update access',
  setRole: 'Failed to update role',
  issueDashboardCode: 'Failed to issue the dashboard code',
  memberDetail: 'Failed to load the member',
  revokeMemberSession: 'Failed to log out the session',
  revokeMemberSessions: 'Failed to log out the sessions',
} satisfies FallbackMessages<typeof AdminRoutes>;

export const audit = {
  list: 'Failed to load the audit log',
} satisfies FallbackMessages<typeof AuditRoutes>;

export const activation = {
  status: 'Your activation status could not be loaded.',
  submitProof: 'The proof could not be sent.',
  proofFile: 'The file could not be loaded.',
  list: 'Failed to load proofs',
  approve: 'Failed to approve the proof',
  reject: 'Failed to reject the proof',
} satisfies FallbackMessages<typeof ActivationRoutes>;

export const botAccess = {
  submit: WrapperMessages.botAccessSubmit,
  list: WrapperMessages.botAccessList,
  exportCsv: 'The applications could not be exported.',
  get: WrapperMessages.botAccessGet,
  setStatus: WrapperMessages.botAccessStatus,
} satisfies FallbackMessages<typeof BotAccessRoutes>;

export const signals = {
  list: 'The signals could not be loaded.',
  performance: 'The performance statistics could not be loaded.',
  chart: 'The chart could not be loaded.',
  publicStats: 'The figures could not be loaded.',
  marketStatus: 'The market status could not be loaded.',
} satisfies FallbackMessages<typeof SignalsRoutes>;

export const countdown = {
  current: WrapperMessages.countdown,
  config: 'Failed to load the countdown',
  reset: 'Failed to reset the countdown',
} satisfies FallbackMessages<typeof CountdownRoutes>;

export const support = {
  create: 'Your ticket could not be sent. Please try again.',
  list: 'Your tickets could not be loaded.',
  thread: 'The ticket could not be loaded.',
  reply: 'Your reply could not be sent. Please try again.',
  inbox: 'Tickets could not be loaded.',
  adminThread: 'The ticket could not be loaded.',
  adminReply: 'The reply could not be sent. Please try again.',
  setStatus: 'The status could not be changed. Please try again.',
} satisfies FallbackMessages<typeof SupportRoutes>;

export const content = {
  landing: 'The reviews could not be loaded.',
  adminContent: 'The content could not be loaded.',
  saveReviews: 'The content could not be saved.',
  saveOffer: 'The content could not be saved.',
  saveSuccessLinks: 'The content could not be saved.',
} satisfies FallbackMessages<typeof ContentRoutes>;

export const setup = {
  status: 'The setup link could not be checked.',
  createAdmin: 'The admin account could not be created.',
  settings: 'The settings could not be loaded.',
  saveSettings: 'The settings could not be saved.',
} satisfies FallbackMessages<typeof SetupRoutes>;

export const adminConsole = {
  overview: 'The overview could not be loaded.',
  exportMembers: 'The members could not be exported.',
} satisfies FallbackMessages<typeof AdminConsoleRoutes>;

export const mentorship = {
  vault: 'The Master Vault could not be loaded.',
  course: 'The course could not be loaded.',
  lesson: 'The lesson could not be loaded.',
  completeLesson: 'Your progress could not be saved. Please try again.',
  setReminder: 'The reminder could not be changed. Please try again.',
  cancelReminder: 'The reminder could not be changed. Please try again.',
  resourceFile: 'The file could not be downloaded.',
} satisfies FallbackMessages<typeof MentorshipRoutes>;

export const vaultEditor = {
  editor: 'The Master Vault editor could not be loaded.',
  createCourse: 'The course could not be created.',
  updateCourse: 'The course could not be saved.',
  deleteCourse: 'The course could not be deleted.',
  createLesson: 'The lesson could not be added.',
  updateLesson: 'The lesson could not be saved.',
  deleteLesson: 'The lesson could not be deleted.',
  createSession: 'The session could not be added.',
  updateSession: 'The session could not be saved.',
  deleteSession: 'The session could not be deleted.',
  deleteResource: 'The resource could not be deleted.',
  removeSamples: 'The sample content could not be removed.',
} satisfies FallbackMessages<typeof VaultEditorRoutes>;

export const community = {
  feed: 'Posts could not be loaded.',
  post: 'Your post could not be sent. Please try again.',
  like: 'The like could not be saved.',
  report: 'The report could not be sent.',
  summary: 'Network figures could not be loaded.',
  reported: 'Reported posts could not be loaded.',
  hide: 'The post could not be changed.',
  remove: 'The post could not be deleted.',
} satisfies FallbackMessages<typeof CommunityRoutes>;

export const copyTrading = {
  notice: 'Your notification choice could not be loaded.',
  setNotice: 'Your choice could not be saved. Please try again.',
  noticeCount: 'The count could not be loaded.',
} satisfies FallbackMessages<typeof CopyTradingRoutes>;

export const gold = {
  bot: 'Your bot could not be loaded.',
  botSettings: 'The settings could not be saved. Please try again.',
  botStart: 'The bot could not be switched. Please try again.',
  botPause: 'The bot could not be switched. Please try again.',
  signals: 'The analyses could not be loaded.',
  calibration: 'The calibration could not be loaded.',
  backtest: 'The backtest could not be loaded.',
  stream: 'The prices could not be loaded.',
} satisfies FallbackMessages<typeof GoldRoutes>;

export const trackRecord = {
  entries: 'The track record entries could not be loaded.',
  download: 'The track record could not be downloaded.',
  head: 'The head of the track record could not be loaded.',
  summary: 'The track record could not be loaded.',
  key: 'The signing key of the track record could not be loaded.',
  checkpoint: 'The latest checkpoint could not be loaded.',
  tile: 'That tile of the track record could not be loaded.',
  contents: 'Those entries of the track record could not be loaded.',
  witnesses: "The record's witnesses could not be loaded.",
  uncounted: 'The signals left out of the figures could not be loaded.',
  checkpoints: 'The checkpoints could not be loaded.',
  latestCheckpoint: 'The latest checkpoint could not be loaded.',
  consistency: 'The consistency proof could not be loaded.',
  inclusion: 'The inclusion proof could not be loaded.',
  witnessReport: 'The rewritten checkpoint could not be reported.',
  admin: 'The track record state could not be loaded.',
} satisfies FallbackMessages<typeof TrackRecordRoutes>;

export const slots = {
  list: 'The slot ledger could not be loaded.',
} satisfies FallbackMessages<typeof SlotsRoutes>;

export const delivery = {
  pushKey: 'Web Push is not available right now.',
  pushDevices: 'Your devices could not be loaded.',
  subscribePush: 'This browser could not be added.',
  removePushDevice: 'The device could not be removed.',
  telegram: 'Telegram status could not be loaded.',
  telegramLinkCode: 'No link code could be made.',
  unlinkTelegram: 'Telegram could not be unlinked.',
  unsubscribe: 'The unsubscribe link could not be used.',
  signalDeliveries: "This signal's deliveries could not be loaded.",
  deliveredSignals: 'Signal deliveries could not be loaded.',
} satisfies FallbackMessages<typeof DeliveryRoutes>;

export const desk = {
  options: 'The desk could not be loaded.',
  publish: 'The signal could not be published.',
  addNote: 'The note could not be added.',
  sources: 'The records per source could not be loaded.',
} satisfies FallbackMessages<typeof DeskRoutes>;

export const notifications = {
  list: 'Your notifications could not be loaded.',
  markRead: 'The notification could not be marked as read.',
  markAllRead: 'Your notifications could not be marked as read.',
} satisfies FallbackMessages<typeof NotificationsRoutes>;

import { z } from 'zod';
import { zFlag } from './request-fields.js';

/** Auto-Copy is in development: members may ask to hear when it launches; admins see how many did. */
export const CopyTradingMessages = {
  subscribed: "You're on the list: we will tell you when Auto-Copy launches.",
  unsubscribed: 'You will not be notified about the Auto-Copy launch.',
  subscribedFlag: 'Say whether you want to be notified (true or false)',
  notice: 'Auto-Copy launch notice',
} as const;

export const ZLaunchNotice = z.object({ subscribed: z.boolean() });
export type TLaunchNotice = z.infer<typeof ZLaunchNotice>;

export const ZLaunchNoticeRequest = z.object({ subscribed: zFlag(CopyTradingMessages.subscribedFlag) }).strict();

export const ZLaunchNoticeCount = z.object({ count: z.number().int() });

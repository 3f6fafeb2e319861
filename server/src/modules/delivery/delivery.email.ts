import nodemailer from 'nodemailer';
import type { ServerContext } from '../../context.js';
import { publicBaseUrl } from '../../http/public-url.js';
import { brandOf, mailFrom } from '../mail/mail.service.js';
import { escapeHtml, frame, publicLink } from '../mail/mail.templates.js';
import type { ChannelSender } from './delivery.channels.js';
import { unsubscribeToken } from './delivery.secrets.js';

/**
 * Signal e-mails over SMTP_URL (a pooled transport: thousands of mails per signal). They are not copied
 * into the mail outbox, whose rows are for account mail: the delivery log records each one. Without
 * SMTP_URL the e-mail channel is off (see fan-out).
 */
export function createEmailSender(ctx: ServerContext, unsubscribeKey: string): ChannelSender | null {
  const url = ctx.config.SMTP_URL;
  if (!url) return null;
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5 } as never);
  return {
    async send(delivery, message) {
      const brand = brandOf(ctx);
      const token = unsubscribeToken(unsubscribeKey, delivery.id);
      // RFC 8058 one-click: mail clients POST "List-Unsubscribe=One-Click" to this address.
      const oneClick = `${publicBaseUrl(ctx).replace(/\/+$/, '')}/api/notifications/unsubscribe?token=${token}`;
      const page = publicLink(brand, `/unsubscribe?token=${encodeURIComponent(token)}`);
      const room = publicLink(brand, message.path);
      const stop = 'Stop signal notifications';
      await transport.sendMail({
        from: mailFrom(ctx),
        to: delivery.email,
        subject: message.title,
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        text: [
          ...message.lines,
          '',
          `Open the signal room: ${room}`,
          ...(message.proof.length ? ['', ...message.proof] : []),
          '',
          `${stop}: ${page}`,
        ].join('\n'),
        html: frame(brand, message.title, [
          ...message.lines,
          ...message.proof,
          { link: room, label: 'Open the signal room' },
          `You receive this because signal notifications are on in your ${escapeHtml(ctx.config.PRODUCT_NAME)} settings.`,
          { link: page, label: stop },
        ]),
      });
      return { status: 'sent' };
    },
    async close() {
      transport.close();
    },
  };
}

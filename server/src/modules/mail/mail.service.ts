import nodemailer, { type Transporter } from 'nodemailer';
import { DEFAULT_MAIL_FROM, DEFAULT_MAIL_FROM_ADDRESS } from '../../config.js';
import type { ServerContext } from '../../context.js';
import { publicBaseUrl } from '../../http/public-url.js';
import { insertOutboxMail, markOutboxFailed, markOutboxSent } from './mail.repository.js';
import type { Branding, MailMessage } from './mail.templates.js';

/**
 * What the mail templates need: the business's name and contacts as saved now (live-brand.ts), the
 * configuration and the base of links (PUBLIC_URL, or where we listen;
 * `linkBase` when the caller chose one from its request, see linkBaseFor).
 */
export function brandOf(ctx: ServerContext, linkBase?: string): Branding {
  return { ...ctx.config, ...ctx.brand.current(), publicUrl: linkBase ?? publicBaseUrl(ctx) };
}

/**
 * Sends the product's mail over SMTP_URL and records every mail in `mail_outbox`. Without SMTP_URL
 * mails stay in the outbox (shown by the development outbox page) and the log prints confirmation codes.
 */
export interface Mailer {
  /** Records and sends one mail; rejects when SMTP refuses it (the outbox row then carries the error). */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background so the caller answers at once: used where the answer must not depend on
   * whether an account exists (register, forgot-password), so timing and errors reveal nothing.
   */
  dispatch(message: MailMessage): void;
  /** Waits for background sends (before the database closes). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/** The sender: MAIL_FROM as the operator set it; left unset, the business's own name as saved now. */
export function mailFrom(ctx: ServerContext): string | { name: string; address: string } {
  if (ctx.config.MAIL_FROM !== DEFAULT_MAIL_FROM) return ctx.config.MAIL_FROM;
  return { name: ctx.brand.current().PRODUCT_NAME, address: DEFAULT_MAIL_FROM_ADDRESS };
}

const REDACTED = '[redacted]';
const mailers = new WeakMap<ServerContext, Mailer>();

/** The mailer of this server context (one SMTP transport per process). */
export function getMailer(ctx: ServerContext): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) {
    mailer = createMailer(ctx);
    mailers.set(ctx, mailer);
  }
  return mailer;
}

function redact(value: string, secrets: string[]): string {
  let out = value;
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED);
  return out;
}

function createMailer(ctx: ServerContext): Mailer {
  const log = ctx.logger.child({ module: 'mail' });
  const transport: Transporter | null = ctx.config.SMTP_URL ? nodemailer.createTransport(ctx.config.SMTP_URL) : null;
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    // With real delivery the outbox keeps a record, not the live secrets: a copy of a reset token or a
    // code in the database would undo storing them hashed. The development outbox needs them to work.
    const stored = transport
      ? { text: redact(message.text, message.secrets), html: redact(message.html, message.secrets) }
      : { text: message.text, html: message.html };
    const id = await insertOutboxMail(ctx.db, {
      to: message.to,
      kind: message.kind,
      subject: message.subject,
      ...stored,
    });
    if (!transport) {
      log.info({ kind: message.kind, outboxId: id }, `mail to ${message.to} kept in the development outbox`);
      if (message.kind === 'confirmation_code') {
        // The one place a code is logged: local runs without SMTP (production refuses to start without
        // it; see "Honest by construction" in docs/decisions.md).
        log.info(`confirmation code for ${message.to}: ${message.secrets[0]}`);
      }
      return;
    }
    try {
      await transport.sendMail({
        from: mailFrom(ctx),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await markOutboxSent(ctx.db, id, ctx.now());
    } catch (error) {
      const reason = (error as Error).message || String(error);
      log.warn({ kind: message.kind, outboxId: id, reason }, 'mail could not be sent');
      await markOutboxFailed(ctx.db, id, reason).catch((markError: unknown) =>
        // The send's own error is the one to raise; the row stays 'pending' and says so in the log.
        log.error({ outboxId: id, err: markError }, 'outbox row not marked failed'),
      );
      throw error;
    }
  }

  return {
    send,
    dispatch(message) {
      const job = send(message)
        .catch(() => {
          // Already logged and recorded in the outbox; the caller's answer does not depend on it.
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    async close() {
      await this.drain();
      transport?.close();
    },
  };
}

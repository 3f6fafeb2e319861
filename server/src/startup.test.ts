import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { warnAboutPlaceholders } from './startup.js';

function capture() {
  const lines: string[] = [];
  const logger = { warn: (message: string) => lines.push(message) } as never;
  return { lines, logger };
}

describe('warnAboutPlaceholders', () => {
  it('lists every unconfigured contact and a missing PUBLIC_URL at a production start', () => {
    const { lines, logger } = capture();
    const warnings = warnAboutPlaceholders({
      config: parseConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.acme.com:587' }),
      logger,
    });
    expect(lines).toEqual(warnings);
    expect(warnings[0]).toContain('SUPPORT_EMAIL');
    expect(warnings[0]).toContain('WHATSAPP_NUMBER');
    expect(warnings[0]).toContain('BROKER_REGISTRATION_URL');
    expect(warnings[0]).toContain('BOOTCAMP_URL');
    expect(warnings[0]).toContain('SUPPORT_HANDLE');
    expect(warnings[1]).toContain('PUBLIC_URL');
  });

  it('names only what is missing, and says nothing when all is configured', () => {
    const env = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.acme.com:587',
      SUPPORT_HANDLE: '@acme_help',
      SUPPORT_EMAIL: 'help@acme-trading.com',
      WHATSAPP_NUMBER: '+2348012345678',
      BROKER_REGISTRATION_URL: 'https://partner-broker.com/r/acme',
      PUBLIC_URL: 'https://signals.acme.com',
    };
    const one = capture();
    const warnings = warnAboutPlaceholders({ config: parseConfig(env), logger: one.logger });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('BOOTCAMP_URL');
    expect(warnings[0]).not.toContain('SUPPORT_EMAIL');
    const all = capture();
    expect(
      warnAboutPlaceholders({
        config: parseConfig({ ...env, BOOTCAMP_URL: 'https://acme.academy' }),
        logger: all.logger,
      }),
    ).toEqual([]);
  });

  it('warns when webhooks may reach the local network in production', () => {
    const env = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.acme.com:587',
      PUBLIC_URL: 'https://signals.acme.com',
    };
    const off = warnAboutPlaceholders({ config: parseConfig(env), logger: capture().logger });
    expect(off.some((w) => w.includes('WEBHOOK_ALLOW_LOCAL'))).toBe(false);
    const on = warnAboutPlaceholders({
      config: parseConfig({ ...env, WEBHOOK_ALLOW_LOCAL: 'true' }),
      logger: capture().logger,
    });
    expect(on.at(-1)).toContain('WEBHOOK_ALLOW_LOCAL=true');
  });

  it('stays quiet outside production, where the placeholders make a local run work', () => {
    const { lines, logger } = capture();
    expect(warnAboutPlaceholders({ config: parseConfig({}), logger })).toEqual([]);
    expect(lines).toEqual([]);
  });
});

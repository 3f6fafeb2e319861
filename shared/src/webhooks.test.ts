import { describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  WebhookMessages,
  webhookUrlProblem,
  ZWebhookCreateRequest,
  ZWebhookUpdateRequest,
} from './webhooks.js';

describe('webhookUrlProblem', () => {
  const dev = { localTargets: true };
  const production = { localTargets: false };

  it('accepts any full http(s) URL while local targets are allowed', () => {
    for (const url of [
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'https://example.com/hooks?token=abc',
      'http://[::1]:9000/',
    ]) {
      expect(webhookUrlProblem(url, dev), url).toBeNull();
    }
  });

  it('refuses what is not a full http(s) URL, and credentials in it, in every deployment', () => {
    for (const rules of [dev, production]) {
      expect(webhookUrlProblem('example.com/hooks', rules)).toBe(WebhookMessages.urlInvalid);
      expect(webhookUrlProblem('ftp://example.com/hooks', rules)).toBe(WebhookMessages.urlScheme);
      expect(webhookUrlProblem('javascript:alert(1)', rules)).toBe(WebhookMessages.urlScheme);
      expect(webhookUrlProblem('https://user:secret@example.com/', rules)).toBe(WebhookMessages.urlCredentials);
    }
  });

  it('asks for https and no local host name under the production rule', () => {
    expect(webhookUrlProblem('http://example.com/hooks', production)).toBe(WebhookMessages.httpsRequired);
    expect(webhookUrlProblem('https://localhost/hooks', production)).toBe(WebhookMessages.privateAddress);
    expect(webhookUrlProblem('https://LOCALHOST./hooks', production)).toBe(WebhookMessages.privateAddress);
    expect(webhookUrlProblem('https://db.localhost/hooks', production)).toBe(WebhookMessages.privateAddress);
    expect(webhookUrlProblem('https://example.com/hooks', production)).toBeNull();
  });
});

describe('webhook requests', () => {
  it('trims the URL and keeps the events in one order, once each', () => {
    const parsed = ZWebhookCreateRequest.parse({
      url: '  https://example.com/hooks ',
      events: ['signal.note', 'signal.issued', 'signal.note'],
    });
    expect(parsed).toEqual({ url: 'https://example.com/hooks', events: ['signal.issued', 'signal.note'] });
  });

  it('refuses no events, unknown events and unknown fields with their messages', () => {
    const messageOf = (body: unknown) => ZWebhookCreateRequest.safeParse(body).error?.issues[0];
    expect(messageOf({ url: 'https://example.com', events: [] })).toMatchObject({
      message: WebhookMessages.eventsRequired,
      path: ['events'],
    });
    expect(messageOf({ url: 'https://example.com', events: ['signal.deleted'] })).toMatchObject({
      message: WebhookMessages.eventUnknown,
      path: ['events'],
    });
    expect(messageOf({ url: 'https://example.com' })?.message).toBe(WebhookMessages.eventsRequired);
    expect(messageOf({ url: 'https://example.com', events: [...WEBHOOK_EVENTS], secret: 'x' })?.code).toBe(
      'unrecognized_keys',
    );
  });

  it('needs something to change in an update', () => {
    expect(ZWebhookUpdateRequest.safeParse({}).error?.issues[0]?.message).toBe(WebhookMessages.updateEmpty);
    expect(ZWebhookUpdateRequest.parse({ enabled: true })).toEqual({ enabled: true });
  });
});

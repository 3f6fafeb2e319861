import { WebhookMessages } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { webhookTargetProblem } from './webhook-target.js';

describe('webhookTargetProblem', () => {
  const production = { localTargets: false };
  const resolvesTo = (addresses: string[]) => async () => addresses;

  it('refuses a name when any of its addresses is not public', async () => {
    const url = 'https://hooks.example.com/in';
    expect(await webhookTargetProblem(url, production, resolvesTo(['93.184.215.14']))).toBeNull();
    expect(await webhookTargetProblem(url, production, resolvesTo(['93.184.215.14', '10.0.0.7']))).toBe(
      WebhookMessages.privateAddress,
    );
    expect(await webhookTargetProblem(url, production, resolvesTo([]))).toBe(WebhookMessages.unresolvable);
    const fails = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await webhookTargetProblem(url, production, fails)).toBe(WebhookMessages.unresolvable);
  });

  it('judges an address written in the URL without resolving it', async () => {
    const never = async (): Promise<string[]> => {
      throw new Error('should not resolve');
    };
    expect(await webhookTargetProblem('https://[::1]/in', production, never)).toBe(WebhookMessages.privateAddress);
    expect(await webhookTargetProblem('https://93.184.215.14/in', production, never)).toBeNull();
  });

  it('resolves nothing while local targets are allowed', async () => {
    const never = async (): Promise<string[]> => {
      throw new Error('should not resolve');
    };
    expect(await webhookTargetProblem('http://127.0.0.1:3000/in', { localTargets: true }, never)).toBeNull();
  });
});

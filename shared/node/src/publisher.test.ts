import type { TBusEvent } from '@signalroom/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryBus, type EventBus } from './bus.js';
import { createEventPublisher } from './publisher.js';

/** A bus whose first `failures` publishes reject, as a bus whose transport is down would. */
function flakyBus(failures: number): EventBus & { sent: TBusEvent[] } {
  const inner = createMemoryBus();
  const sent: TBusEvent[] = [];
  let left = failures;
  return {
    ...inner,
    sent,
    async publish(event) {
      if (left > 0) {
        left -= 1;
        throw new Error('bus down');
      }
      sent.push(event);
    },
  };
}

function recordingLogger() {
  const lines: { level: string; details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    debug: (details: object, message: string) => lines.push({ level: 'debug', details: { ...details }, message }),
    info: (details: object, message: string) => lines.push({ level: 'info', details: { ...details }, message }),
    warn: (details: object, message: string) => lines.push({ level: 'warn', details: { ...details }, message }),
    error: (details: object, message: string) => lines.push({ level: 'error', details: { ...details }, message }),
  };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('event publisher', () => {
  it('sends a typed event through the bus', async () => {
    const bus = flakyBus(0);
    await createEventPublisher(bus, recordingLogger()).accountChanged('u-1');
    expect(bus.sent).toEqual([{ type: 'account:changed', userId: 'u-1' }]);
  });

  it('logs a failed publish with the event it was and retries it, without throwing at the caller', async () => {
    const bus = flakyBus(2);
    const logger = recordingLogger();
    await expect(createEventPublisher(bus, logger).accountChanged('u-2')).resolves.toBeUndefined();
    await until(() => bus.sent.length === 1);
    expect(bus.sent[0]).toMatchObject({ type: 'account:changed', userId: 'u-2' });
    expect(logger.lines[0]).toMatchObject({
      level: 'warn',
      details: { event: 'account:changed', userId: 'u-2', reason: 'bus down' },
    });
    expect(logger.lines.at(-1)?.message).toBe('event published after a retry');
  });

  it('says so at error level when every retry failed', async () => {
    const bus = flakyBus(10);
    const logger = recordingLogger();
    await createEventPublisher(bus, logger).accountChanged('u-3');
    await until(() => logger.lines.some((line) => line.level === 'error'));
    expect(bus.sent).toEqual([]);
    expect(logger.lines.filter((line) => line.level === 'error')).toHaveLength(1);
  });

  it('refuses an event that breaks its contract before it leaves', async () => {
    const publisher = createEventPublisher(flakyBus(0), recordingLogger());
    await expect(publisher.accountChanged(42 as unknown as string)).rejects.toThrow();
  });
});

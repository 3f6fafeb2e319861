import {
  computeWinRateEvidence,
  countLevelOutcomes,
  DeskMessages,
  dayKeyInZone,
  deskWindows,
  formatWindow,
  signalIssuerOf,
  signalTypeOf,
  type TDeskOptions,
  type TDeskPublishRequest,
  type TSignal,
  type TSignalNote,
  type TSourceRecord,
  type TUser,
  windowInvalidMessage,
} from '@signalroom/shared';
import { analystNames, listSignalsByAuthor, presentSignal, presentSignalNote } from '@signalroom/shared-node';
import type { MarketFeed } from '@signalroom/shared-node/market';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { marketStatus } from '../market/market.service.js';
import { countedRecord, sourceFigures } from '../track-record/record-figures.js';
import { refreshRecord } from '../track-record/track-record.service.js';
import { appendNote, findSignalById, findSignalByKey, writeDeskSignal } from './desk.repository.js';

/** The name a desk signal carries as its strategy column (the author is what names its source). */
const DESK_STRATEGY = 'desk';

/** The feed, or 503 with the desk's words when it cannot be reached (never a 500). */
async function connectedFeed(ctx: ServerContext, asset: string): Promise<MarketFeed> {
  try {
    return await ctx.market.feed();
  } catch (error) {
    ctx.logger.warn({ err: error }, 'desk: market feed not connected');
    throw new AppError('unavailable', DeskMessages.priceUnavailable(asset), {
      fields: { asset: DeskMessages.priceUnavailable(asset) },
    });
  }
}

/**
 * The form's choices: the feed's instruments with whether each trades now (the market status every page
 * reads, so the desk and the room never disagree; an unreadable state counts as open, and publishing
 * checks the state again), and the expiry windows.
 */
export async function deskOptions(ctx: ServerContext, user: TUser): Promise<TDeskOptions> {
  const status = await marketStatus(ctx);
  return {
    feed: ctx.market.info,
    instruments: status.instruments.map(({ asset, open, reason }) => ({ asset, open, reason })),
    windows: deskWindows(ctx.config.SIGNAL_INTERVAL_MS).map((ms) => ({ ms, label: formatWindow(ms) })),
    recent: await listSignalsByAuthor(ctx.db, user.id, 10),
  };
}

function refuse(field: string, message: string): AppError {
  return AppError.validation(message, { [field]: message });
}

/**
 * Publishes an analyst's signal through the engine's pipeline: written with its track-record entry in
 * one transaction (source `analyst:<id>`), announced on the bus (rooms by tier and daily allowance,
 * e-mail, Web Push and Telegram deliveries, the worker that judges its windows and opens the paper
 * trading bots' trades on it). The entry price is the feed's newest price, never the analyst's. A repeated idempotency
 * key answers the signal the first submit published (`created: false`).
 */
export async function publishDeskSignal(
  ctx: ServerContext,
  user: TUser,
  input: TDeskPublishRequest,
): Promise<{ signal: TSignal; created: boolean }> {
  const earlier = await findSignalByKey(ctx.db, user.id, input.idempotencyKey);
  if (earlier) return { signal: presentSignal(earlier), created: false };

  if (!ctx.market.assets.includes(input.asset)) throw refuse('asset', DeskMessages.instrumentUnknown(input.asset));
  if (!deskWindows(ctx.config.SIGNAL_INTERVAL_MS).includes(input.windowMs)) {
    throw refuse('windowMs', windowInvalidMessage(ctx.config.SIGNAL_INTERVAL_MS));
  }
  const feed = await connectedFeed(ctx, input.asset);
  const now = ctx.now();
  let entryPrice: number;
  try {
    const state = await feed.instrumentState(input.asset, now);
    if (!state.open) throw refuse('asset', DeskMessages.marketClosed(input.asset, state.reason));
    const quote = await feed.latestPrice(input.asset);
    if (now.getTime() - quote.time.getTime() > ctx.config.MARKET_STALE_AFTER_MS) {
      throw new Error(`the newest price is from ${quote.time.toISOString()}`);
    }
    entryPrice = quote.price;
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.logger.warn({ asset: input.asset, err: error }, 'desk: no price to publish at');
    throw new AppError('unavailable', DeskMessages.priceUnavailable(input.asset), {
      fields: { asset: DeskMessages.priceUnavailable(input.asset) },
    });
  }

  const row = await writeDeskSignal(
    ctx.db,
    {
      publishedAt: now,
      dayKey: dayKeyInZone(now, ctx.config.TIME_ZONE),
      asset: input.asset,
      signalType: signalTypeOf(input.direction),
      entryPrice,
      confidence: input.confidence,
      windowMs: input.windowMs,
      expiresAt: new Date(now.getTime() + input.windowMs),
      allowancePool: ctx.config.DESK_IN_ALLOWANCE ? 'all' : 'desk',
      stopLoss: input.stopLoss ?? null,
      takeProfit: input.takeProfit ?? null,
      analysis: input.analysis,
      source: feed.id,
      strategy: DESK_STRATEGY,
      authorId: user.id,
      authorName: user.fullName,
      idempotencyKey: input.idempotencyKey,
    },
    now,
    (lastHour) => {
      const max = ctx.config.DESK_MAX_PER_HOUR;
      if (lastHour.length < max) return;
      // The next may go once the oldest of the last `max` leaves the rolling hour.
      const freeAt = (lastHour[lastHour.length - max] as Date).getTime() + 3_600_000;
      const seconds = (freeAt - now.getTime()) / 1000;
      throw AppError.rateLimited(seconds, DeskMessages.paced(max, Math.max(1, Math.ceil(seconds / 60))));
    },
  );
  if (!row) {
    // The same form's other submit won the race: answer its signal.
    const first = await findSignalByKey(ctx.db, user.id, input.idempotencyKey);
    if (!first) throw AppError.conflict(DeskMessages.alreadyPublished);
    return { signal: presentSignal(first), created: false };
  }
  const signal = presentSignal(row);
  ctx.logger.info({ signalId: signal.id, asset: signal.asset, analyst: user.id }, 'desk signal published');
  await ctx.events.signalNew(signal);
  return { signal, created: true };
}

/** Appends a follow-up note (the signal's analyst, or an admin) and pushes it to whoever sees the signal. */
export async function addDeskNote(
  ctx: ServerContext,
  user: TUser,
  signalId: string,
  body: string,
): Promise<TSignalNote> {
  const row = await findSignalById(ctx.db, signalId);
  if (!row) throw AppError.notFound();
  if (row.author_id !== user.id && user.role !== 'admin') throw AppError.forbidden(DeskMessages.notOwnSignal);
  const note = presentSignalNote(
    await appendNote(ctx.db, { signalId, authorId: user.id, authorName: user.fullName, body, at: ctx.now() }),
  );
  await ctx.events.signalNote(presentSignal(row), note);
  return note;
}

/**
 * Each source's own record: every analyst and every model, from the track record's log (signals issued
 * and void in the public log, results of its counted signals), with the evidence fields of the whole
 * record at the payout the log states. Analysts are named as they last published.
 */
export async function sourceRecords(ctx: ServerContext): Promise<TSourceRecord[]> {
  const status = await refreshRecord(ctx);
  const record = countedRecord(ctx.record, ctx.now(), ctx.config.PAYOUT_PERCENT);
  const sources = sourceFigures(ctx.record, record, ctx.now());
  const analysts = await analystNames(
    ctx.db,
    [...sources.keys()].flatMap((source) => (source.startsWith('analyst:') ? [source.slice('analyst:'.length)] : [])),
  );
  return [...sources.entries()]
    .map(([source, g]) => {
      const analystId = source.startsWith('analyst:') ? source.slice('analyst:'.length) : null;
      const issuer = signalIssuerOf({
        authorName: analystId ? (analysts.get(analystId) ?? '') : null,
        strategy: source.replace(/^model:/, ''),
      });
      const resolved = status.withheld ? [] : g.resolved;
      return {
        source,
        kind: issuer.kind,
        label: issuer.label,
        issued: g.issued,
        resolved: resolved.length,
        void: g.void,
        evidence: computeWinRateEvidence(countLevelOutcomes(resolved), record.payoutPercent),
      };
    })
    .sort((a, b) => b.issued - a.issued || a.label.localeCompare(b.label));
}

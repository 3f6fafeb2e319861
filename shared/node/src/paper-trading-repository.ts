import {
  BOT_DEFAULT_SETTINGS,
  BOT_RISK_LEVELS,
  BOT_RISK_RULES,
  type BotRiskLevel,
  DEFAULT_PAYOUT_PERCENT,
  settlePaperTrade,
  type TBotOverview,
  type TBotSettings,
  type TPaperTrade,
  toIso,
  toIsoOrNull,
  tradeSideOf,
} from '@signalroom/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from './schema.js';

/**
 * The one repository of the paper-trading tables: the worker opens and closes trades through it (each
 * step one set-based statement for every bot at once), the server reads a member's bot through it.
 */
type Db = Kysely<Database>;
export type PaperTradeRow = Selectable<Database['paper_trades']>;
export type BotSettingsRow = Selectable<Database['bot_settings']>;

export function presentPaperTrade(row: PaperTradeRow): TPaperTrade {
  return {
    id: row.id,
    signalId: row.signal_id,
    asset: row.asset,
    type: tradeSideOf(row.direction),
    stake: row.stake,
    maxLevel: row.max_level,
    confidence: row.confidence,
    openedAt: toIso(row.opened_at),
    status: row.status,
    closedAt: toIsoOrNull(row.closed_at),
    level: row.level,
    pnl: row.pnl,
    result: row.result,
  };
}

export function presentBotSettings(row: BotSettingsRow | undefined): TBotSettings {
  if (!row) return { ...BOT_DEFAULT_SETTINGS, active: false, updatedAt: null };
  return {
    riskLevel: row.risk_level,
    maxTradesPerDay: row.max_trades_per_day,
    tradeSize: row.trade_size,
    active: row.active,
    updatedAt: toIso(row.updated_at),
  };
}

/** The risk rules as a table the database can join (the rules stay defined once, in shared). */
function riskRulesTable() {
  const rows = BOT_RISK_LEVELS.map(
    (level) =>
      sql`(${level}::text, ${BOT_RISK_RULES[level].minConfidence}::double precision, ${BOT_RISK_RULES[level].maxLevel}::int)`,
  );
  return sql`(values ${sql.join(rows)}) as r(risk_level, min_confidence, max_level)`;
}

/**
 * Opens a trade for every running bot that takes this signal, in one statement: the member still has
 * gold access, the signal's confidence reaches the bot's risk level, and the member's trades of the
 * signal's day are below their daily maximum. Running it twice opens nothing twice. Returns how many
 * opened.
 */
export async function openPaperTrades(db: Db, signalId: string, at: Date): Promise<number> {
  const result = await sql`
    insert into paper_trades (user_id, signal_id, day_key, asset, direction, stake, max_level, confidence, opened_at)
    select b.user_id, s.id, s.day_key, s.asset, s.direction, b.trade_size, r.max_level, s.confidence, ${at}
    from signals s
    join bot_settings b on b.active
    join users u on u.id = b.user_id
      and (u.role = 'admin' or (u.tier = 'gold' and u.dashboard_unlocked))
    join ${riskRulesTable()} on r.risk_level = b.risk_level
    where s.id = ${signalId}
      and s.status = 'active'
      and s.confidence >= r.min_confidence
      and (select count(*) from paper_trades t where t.user_id = b.user_id and t.day_key = s.day_key)
        < b.max_trades_per_day
    on conflict (user_id, signal_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Closes every open trade of a resolved signal in one statement. Trades differ only by stake and the
 * last level they play, so each (stake, level) pair is settled once with `settlePaperTrade` and the
 * results joined in: the database and the page never hold two definitions of the P&L. Returns how
 * many closed (0 for a signal still active, or already closed). A void signal's window was neither won
 * nor lost: its stake comes back as on a breakeven, the levels lost before it stay lost.
 */
export async function closePaperTrades(
  db: Db,
  signalId: string,
  at: Date,
  payoutPercent: number = DEFAULT_PAYOUT_PERCENT,
): Promise<number> {
  const signal = await db
    .selectFrom('signals')
    .select(['outcome', 'status', 'resolved_level', 'active_level'])
    .where('id', '=', signalId)
    .executeTakeFirst();
  const outcome = signal?.status === 'void' ? 'breakeven' : signal?.outcome;
  if (!signal || !outcome) return 0;
  const kinds = await db
    .selectFrom('paper_trades')
    .select(['stake', 'max_level'])
    .distinct()
    .where('signal_id', '=', signalId)
    .where('status', '=', 'open')
    .execute();
  if (kinds.length === 0) return 0;
  const signalLevel = signal.resolved_level ?? signal.active_level;
  const settled = kinds.map((k) => {
    const s = settlePaperTrade({ outcome, signalLevel, maxLevel: k.max_level, stake: k.stake, payoutPercent });
    return sql`(${k.stake}::int, ${k.max_level}::int, ${s.level}::int, ${s.pnl}::double precision, ${s.result}::text)`;
  });
  const result = await sql`
    update paper_trades t
    set status = 'closed', closed_at = ${at}, level = v.level, pnl = v.pnl, result = v.result
    from (values ${sql.join(settled)}) as v(stake, max_level, level, pnl, result)
    where t.signal_id = ${signalId} and t.status = 'open' and t.stake = v.stake and t.max_level = v.max_level`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

/** Resolved or void signals that still have open trades (their close step failed or never ran). */
export async function listSignalsWithStaleTrades(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('paper_trades as t')
    .innerJoin('signals as s', 's.id', 't.signal_id')
    .select('t.signal_id')
    .distinct()
    .where('t.status', '=', 'open')
    .where((eb) => eb.or([eb('s.outcome', 'is not', null), eb('s.status', '=', 'void')]))
    .execute();
  return rows.map((r) => r.signal_id);
}

/** The trades of one signal that belong to any of `userIds` (a process telling its own members). */
export async function listSignalTradesOf(db: Db, signalId: string, userIds: string[]): Promise<PaperTradeRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('paper_trades')
    .selectAll()
    .where('signal_id', '=', signalId)
    .where('user_id', 'in', userIds)
    .execute();
}

export async function findBotSettings(db: Db, userId: string): Promise<BotSettingsRow | undefined> {
  return db.selectFrom('bot_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Saves a member's settings (keeping whether the bot runs) or whether it runs (keeping the settings). */
export async function saveBotSettings(
  db: Db,
  userId: string,
  change: Partial<{ riskLevel: BotRiskLevel; maxTradesPerDay: number; tradeSize: number; active: boolean }>,
  at: Date,
): Promise<BotSettingsRow> {
  const current = presentBotSettings(await findBotSettings(db, userId));
  const next = { ...current, ...change };
  const values = {
    risk_level: next.riskLevel,
    max_trades_per_day: next.maxTradesPerDay,
    trade_size: next.tradeSize,
    active: next.active,
    updated_at: at,
  };
  return db
    .insertInto('bot_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many closed trades the page's table and curve show (the statistics count every trade). */
const RECENT_TRADES = 20;
const EQUITY_POINTS = 500;

/** Everything the bot page shows, from the member's own trades. */
export async function loadBotOverview(db: Db, userId: string, dayKey: string): Promise<TBotOverview> {
  const [settings, totals, active, recent, equity, today] = await Promise.all([
    findBotSettings(db, userId),
    db
      .selectFrom('paper_trades')
      .select((eb) => [
        eb.fn.count<string>('id').as('closed'),
        eb.fn.coalesce(eb.fn.sum<number>('pnl'), sql<number>`0`).as('profit'),
        sql<string>`count(*) filter (where result = 'WIN')`.as('wins'),
        sql<number | null>`avg(pnl / stake) * 100`.as('avg_return'),
      ])
      .where('user_id', '=', userId)
      .where('status', '=', 'closed')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('paper_trades')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .orderBy('opened_at', 'desc')
      .execute(),
    db
      .selectFrom('paper_trades')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'closed')
      .orderBy('closed_at', 'desc')
      .orderBy('id')
      .limit(RECENT_TRADES)
      .execute(),
    sql<{ closed_at: Date; value: number }>`
      select closed_at, value from (
        select closed_at, id, sum(pnl) over (order by closed_at, id) as value
        from paper_trades where user_id = ${userId} and status = 'closed'
      ) curve order by closed_at desc, id desc limit ${EQUITY_POINTS}`.execute(db),
    db
      .selectFrom('paper_trades')
      .select((eb) => eb.fn.count<string>('id').as('n'))
      .where('user_id', '=', userId)
      .where('day_key', '=', dayKey)
      .executeTakeFirstOrThrow(),
  ]);
  const closed = Number(totals.closed);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    settings: presentBotSettings(settings),
    stats: {
      closedTrades: closed,
      totalProfit: round2(Number(totals.profit)),
      winRate: closed ? round2((Number(totals.wins) / closed) * 100) : null,
      activeTrades: active.length,
      averageReturn: closed && totals.avg_return !== null ? round2(Number(totals.avg_return)) : null,
    },
    activeTrades: active.map(presentPaperTrade),
    recentTrades: recent.map(presentPaperTrade),
    equity: equity.rows.reverse().map((p) => ({ time: toIso(p.closed_at), value: round2(Number(p.value)) })),
    tradesToday: Number(today.n),
  };
}

import { BOT_RISK_RULES, pageLockReason, STAKE_RULE, type TBotOverview, wilsonInterval } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Bot, Pause, Play } from 'lucide-react';
import { useMemo } from 'react';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { MarketSourceMark } from '../../components/dashboard/feed-badge.js';
import { LineChart } from '../../components/dashboard/line-chart.js';
import { LockedFeaturePage } from '../../components/dashboard/locked-feature-page.js';
import buttonStyles from '../../components/ui/button.module.css';
import formStyles from '../../components/ui/form.module.css';
import panelStyles from '../../components/ui/panel.module.css';
import { usePublicConfigStore } from '../../stores/public-config.store.js';
import { useSessionStore } from '../../stores/session.store.js';
import styles from './ai-bot.module.css';
import { BotConfigPanel } from './bot-config-panel.js';
import { formatPnl, formatSignedPercent } from './bot-format.js';
import { ActiveTrades, ClosedTrades } from './bot-trades.js';
import { type BotState, useBot } from './use-bot.js';

/**
 * AI Bot Access (/dashboard/bot-access), gold only: the member's own paper-trading bot. It follows the
 * engine's real signals with the member's settings; every figure on the page is a sum of its trades.
 * The public bot application form is another page (/bot-access).
 */
export function Component() {
  const user = useSessionStore((s) => s.user);
  const lockReason = pageLockReason('bot-access', user);
  if (lockReason) {
    return (
      <LockedFeaturePage
        page="bot-access"
        reason={lockReason}
        icon={Bot}
        title="AI Trading Bot Access"
        description="A paper-trading bot that follows every signal with your own risk settings, for Gold members ($500+)."
        features={[
          'Follows the engine’s real signals',
          'Your risk level, daily maximum and trade size',
          'Profit, win rate and equity curve from its own trades',
        ]}
        preview={<div className={clsx(pageStyles.skeleton, pageStyles.skeletonCard)} />}
      />
    );
  }
  return <BotDashboard />;
}

function BotDashboard() {
  const { state, busy, notice, toggle, save, reload } = useBot();
  const bot = state.status === 'ready' ? state.bot : null;
  // The operator's payout (PAYOUT_PERCENT), which the bot's trades are settled at.
  const payoutPercent = usePublicConfigStore((s) => s.config?.payoutPercent) ?? Math.round(STAKE_RULE.payout * 100);
  const active = bot?.settings.active ?? false;
  return (
    <div className={pageStyles.page} data-testid="ai-bot">
      <header className={clsx(pageStyles.pageHead, styles.head)}>
        <div>
          <h1>
            <Bot aria-hidden="true" size={26} /> AI Trading Bot <MarketSourceMark />
          </h1>
          <p className={pageStyles.muted}>
            Paper trading: the bot trades the engine's real signals with simulated money. A won window pays{' '}
            {payoutPercent}% of its stake; each martingale level doubles the stake.
          </p>
        </div>
        {bot && (
          <div className={styles.controls}>
            <span className={clsx(styles.badge, active && styles.badgeActive)} data-testid="bot-status" role="status">
              {active ? 'BOT ACTIVE' : 'BOT STANDBY'}
            </span>
            <button
              type="button"
              className={clsx(buttonStyles.btn, active ? buttonStyles.btnGhost : buttonStyles.btnPrimary)}
              onClick={() => void toggle(!active)}
              disabled={busy === 'toggle'}
            >
              {active ? <Pause aria-hidden="true" size={16} /> : <Play aria-hidden="true" size={16} />}
              {active ? 'PAUSE' : 'START'}
            </button>
          </div>
        )}
      </header>
      {notice && (
        <p
          className={clsx(formStyles.alert, notice.kind === 'error' ? formStyles.alertError : formStyles.alertSuccess)}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      )}
      <BotBody state={state} busy={busy === 'settings'} onSave={save} onRetry={reload} />
    </div>
  );
}

function BotBody({
  state,
  busy,
  onSave,
  onRetry,
}: {
  state: BotState;
  busy: boolean;
  onSave: Parameters<typeof BotConfigPanel>[0]['onSave'];
  onRetry: () => void;
}) {
  if (state.status === 'loading') {
    return (
      <p className={clsx(panelStyles.panel, pageStyles.muted)} role="status">
        Loading your bot...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={clsx(panelStyles.panel, pageStyles.state, pageStyles.stateError)} role="alert">
        <p>{state.message}</p>
        <button type="button" className={buttonStyles.btn} onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const { bot } = state;
  return (
    <>
      <StatCards bot={bot} />
      <div className={clsx(pageStyles.grid, pageStyles.grid2)}>
        <ActiveTrades trades={bot.activeTrades} />
        <BotConfigPanel settings={bot.settings} busy={busy} onSave={onSave} />
      </div>
      <PerformancePanel bot={bot} />
      <ClosedTrades trades={bot.recentTrades} />
    </>
  );
}

/**
 * The bot's win rate is never bare: the closed trades it counts and its 95% interval go with it. A bot
 * trade wins when its sequence made money, so what it is worth is the average return beside it (its
 * expected value per trade), not a break-even rate.
 */
function winRateSample(stats: TBotOverview['stats']): string | undefined {
  if (stats.winRate === null || stats.closedTrades === 0) return undefined;
  const won = Math.round((stats.winRate / 100) * stats.closedTrades);
  const interval = wilsonInterval(won, stats.closedTrades);
  return `${won} of ${stats.closedTrades} closed trades · 95% CI ${interval?.low}–${interval?.high}%; the average return is what a trade earned`;
}

function StatCards({ bot }: { bot: TBotOverview }) {
  const { stats } = bot;
  const cards: Array<[string, string, string?]> = [
    ['Total Profit', formatPnl(stats.totalProfit)],
    ['Win Rate', stats.winRate === null ? '–' : `${stats.winRate.toFixed(1)}%`, winRateSample(stats)],
    ['Active Trades', String(stats.activeTrades)],
    ['Average Return', formatSignedPercent(stats.averageReturn)],
  ];
  return (
    <dl className={clsx(pageStyles.grid, pageStyles.grid4, styles.cards)} data-testid="bot-stats">
      {cards.map(([label, value, sample]) => (
        <div key={label} className={clsx(panelStyles.panel, styles.card)}>
          <dt>{label}</dt>
          <dd>{value}</dd>
          {sample ? <dd className={styles.sample}>{sample}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

function PerformancePanel({ bot }: { bot: TBotOverview }) {
  const points = useMemo(() => {
    const bySecond = new Map<number, number>();
    for (const p of bot.equity) bySecond.set(Math.floor(Date.parse(p.time) / 1000), p.value);
    return [...bySecond].map(([time, value]) => ({ time, value }));
  }, [bot.equity]);
  const rule = BOT_RISK_RULES[bot.settings.riskLevel];
  const { timeZone } = useClock();
  return (
    <section className={panelStyles.panel} aria-labelledby="bot-performance-title">
      <h2 id="bot-performance-title">Performance</h2>
      <dl className={pageStyles.kv}>
        <div>
          <dt>Closed trades</dt>
          <dd>{bot.stats.closedTrades}</dd>
        </div>
        <div>
          <dt>Trades today</dt>
          <dd>
            {bot.tradesToday} of {bot.settings.maxTradesPerDay}
          </dd>
        </div>
        <div>
          <dt>Lowest confidence taken / martingale levels</dt>
          <dd>
            {rule.minConfidence > 0 ? `${rule.minConfidence}%` : 'any'} / {rule.maxLevel}
          </dd>
        </div>
      </dl>
      <h3>Equity curve (cumulative P&amp;L)</h3>
      {points.length < 2 ? (
        <p className={pageStyles.muted}>The curve appears once two trades have closed.</p>
      ) : (
        <LineChart
          points={points}
          label="Equity curve of the bot's closed trades"
          precision={2}
          timeZone={timeZone}
          testId="equity-chart"
        />
      )}
    </section>
  );
}

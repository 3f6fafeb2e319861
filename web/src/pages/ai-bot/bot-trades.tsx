import { BOT_TIMEFRAMES, type BotTimeframe, type TPaperTrade } from '@signalroom/shared';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useClock } from '../../components/clock/use-clock.js';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import { formatClock } from '../../components/dashboard/signal-format.js';
import panelStyles from '../../components/ui/panel.module.css';
import styles from './ai-bot.module.css';
import { formatPnl } from './bot-format.js';

const TIMEFRAMES = Object.keys(BOT_TIMEFRAMES) as BotTimeframe[];

/** Active Trades: the bot's open trades, those opened within the chosen timeframe (1H, 4H, 1D, 1W). */
export function ActiveTrades({ trades }: { trades: readonly TPaperTrade[] }) {
  const [frame, setFrame] = useState<BotTimeframe>('1D');
  const { timeZone } = useClock();
  const since = Date.now() - BOT_TIMEFRAMES[frame];
  const shown = trades.filter((t) => Date.parse(t.openedAt) >= since);
  return (
    <section className={panelStyles.panel} aria-labelledby="active-trades-title" data-testid="active-trades">
      <div className={styles.panelHead}>
        <h2 id="active-trades-title">Active Trades</h2>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
        <div className={styles.frames} role="group" aria-label="Timeframe">
          {TIMEFRAMES.map((f) => (
            <button
              key={f}
              type="button"
              className={clsx(styles.frame, f === frame && styles.isChosen)}
              aria-pressed={f === frame}
              onClick={() => setFrame(f)}
            >
              {f}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className={pageStyles.muted}>No active trades. The bot opens one when a signal it takes is issued.</p>
      ) : (
        <ul className={styles.tradeList}>
          {shown.map((t) => (
            <li key={t.id} className={styles.trade}>
              <strong>{t.asset}</strong>
              <span className={clsx(pageStyles.dir, t.type === 'BUY' ? pageStyles.dirCall : pageStyles.dirPut)}>
                {t.type}
              </span>
              <span>${t.stake}</span>
              <span className={pageStyles.muted}>{Math.round(t.confidence)}%</span>
              <span className={pageStyles.muted}>{formatClock(t.openedAt, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Recent Closed Trades: pair, type BUY/SELL, P&L, result WIN/LOSS, time. */
export function ClosedTrades({ trades }: { trades: readonly TPaperTrade[] }) {
  const { timeZone } = useClock();
  return (
    <section className={panelStyles.panel} aria-labelledby="closed-trades-title" data-testid="closed-trades">
      <h2 id="closed-trades-title">Recent Closed Trades</h2>
      {trades.length === 0 ? (
        <p className={pageStyles.muted}>No closed trades yet.</p>
      ) : (
        <div className={pageStyles.tableWrap}>
          <table className={pageStyles.table}>
            <thead>
              <tr>
                <th scope="col">Pair</th>
                <th scope="col">Type</th>
                <th scope="col">P&amp;L</th>
                <th scope="col">Result</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {trades.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{t.asset}</th>
                  <td>{t.type}</td>
                  <td className={(t.pnl ?? 0) >= 0 ? pageStyles.outcomeProfit : pageStyles.outcomeLoss}>
                    {formatPnl(t.pnl ?? 0)}
                  </td>
                  <td>
                    {t.result}
                    {t.level ? ` (L${t.level})` : ''}
                  </td>
                  <td>{t.closedAt ? formatClock(t.closedAt, timeZone) : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

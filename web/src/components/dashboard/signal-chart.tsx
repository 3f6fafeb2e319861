import {
  CHART_CANDLE_MS,
  type SignalChartPlan,
  signalChartPlan,
  signalResultLabel,
  type TSignal,
  type TSignalChart,
  withLiveCandles,
} from '@signalroom/shared';
import {
  CandlestickSeries,
  createSeriesMarkers,
  HistogramSeries,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineSeries,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import * as api from '../../api/api.js';
import { useTheme } from '../../app/theme.js';
import { onePointPerTime } from './chart-points.js';
import {
  applyChartClock,
  applyChartColours,
  autoscaleWithLevels,
  canvasColour,
  createThemedChart,
  cssVar,
  probeChart,
} from './chart-theme.js';
import { MarketSourceMark } from './feed-badge.js';
import type { ChartPoint } from './line-chart.js';
import styles from './signal-chart.module.css';
import { formatClock, formatPrice } from './signal-format.js';

/** How often an active signal's chart reads its candles again (a new one closes each minute). */
export const LIVE_CHART_REFRESH_MS = 15_000;

// Theme tokens: the legend's words take them as CSS, the canvas through canvasColour (read again when the
// theme changes).
const ENTRY = 'var(--accent)';
const EXPIRY = 'var(--gold)';
const RESOLUTION = 'var(--text)';
/** Empty minutes drawn after the plan's end. */
const TRAILING_BARS = 4;
/** Window shades: the primary window in the entry's colour, the martingale levels in the expiry's. */
const SHADES = ['rgba(56, 189, 248, 0.16)', 'rgba(250, 204, 21, 0.10)', 'rgba(250, 204, 21, 0.16)'];

const NO_PRICES: readonly ChartPoint[] = [];

const toTime = (ms: number) => Math.floor(ms / CHART_CANDLE_MS) * (CHART_CANDLE_MS / 1000);

/** Decimals a price of this instrument is drawn with. */
export function pricePrecision(asset: string): number {
  return asset.includes('JPY') ? 3 : asset.startsWith('XAU') ? 2 : 5;
}

interface Drawn {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  stored: ISeriesApi<'Line'>;
  windows: ISeriesApi<'Histogram'>;
  markers: ISeriesMarkersPluginApi<Time>;
  alive: boolean;
}

type Load = { state: 'loading' } | { state: 'loaded'; chart: TSignalChart } | { state: 'failed'; message: string };

/**
 * A signal's price chart: 1-minute candles of its instrument (from the feed it was issued on), the entry
 * as a line, the primary and martingale windows shaded, the entry, expiry and resolution marked, and at
 * resolution the exit as a line. While the signal is active the chart reads its candles again every
 * LIVE_CHART_REFRESH_MS, and live prices, when given, draw the minute still forming; once resolved it
 * is frozen there. When the feed cannot give the history, the signal's stored prices are drawn and the
 * text says so. The figures are also written beside it.
 */
export function SignalChart({
  signal,
  timeZone,
  testId,
  livePrices = NO_PRICES,
}: {
  signal: TSignal;
  timeZone: string | undefined;
  testId: string;
  /** The instrument's prices pushed each second (the Platinum Stream's, for those who have it): the forming candle follows them. */
  livePrices?: readonly ChartPoint[];
}) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const active = signal.status === 'active';
  const summaryId = useId();

  useEffect(() => {
    let current = true;
    const controller = new AbortController();
    const read = () =>
      void api.signals.chart({ params: { id: signal.id }, signal: controller.signal }).then((answer) => {
        if (!current) return;
        // A failed refresh keeps the candles already drawn; only a first read shows the failure.
        if (answer.ok) setLoad({ state: 'loaded', chart: answer.data });
        else setLoad((prev) => (prev.state === 'loaded' ? prev : { state: 'failed', message: answer.message }));
      });
    read();
    const timer = active ? setInterval(read, LIVE_CHART_REFRESH_MS) : undefined;
    return () => {
      current = false;
      controller.abort();
      clearInterval(timer);
    };
    // A resolution freezes the chart: it is read once more then, and no longer refreshed.
  }, [signal.id, active]);

  const data = load.state === 'loaded' ? load.chart : null;
  // The plan is recomputed with each answer, so an active chart's windows and range follow time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `data` marks a new answer; the plan reads the time then
  const plan = useMemo(() => signalChartPlan(signal, new Date()), [signal, data]);
  const result = signalResultLabel(signal);
  const stored = data?.history === 'stored';

  return (
    <figure
      className={styles.figure}
      data-testid={testId}
      data-history={data?.history ?? ''}
      data-candles={data?.candles.length ?? 0}
      data-frozen={plan.frozenAt ? 'true' : 'false'}
    >
      <figcaption className={styles.caption}>
        <span>
          {signal.asset}, 1-minute candles {active ? '(live)' : '(at its resolution)'}
        </span>
        <MarketSourceMark source={signal.source} />
      </figcaption>
      <CandleCanvas
        signal={signal}
        plan={plan}
        data={data}
        prices={livePrices}
        timeZone={timeZone}
        testId={`${testId}-canvas`}
        label={`Price chart of ${signal.asset} around the signal of ${formatClock(signal.createdAt, timeZone, false)}`}
        describedBy={summaryId}
      />
      <p className={styles.legend} aria-hidden="true">
        <span style={{ color: ENTRY }}>▲ entry</span> <span style={{ color: EXPIRY }}>▼ expiry</span>{' '}
        {plan.frozenAt ? <span style={{ color: RESOLUTION }}>● resolution</span> : null}{' '}
        <span className={styles.swatchPrimary}>primary window</span>{' '}
        <span className={styles.swatchMartingale}>martingale levels</span>
      </p>
      <dl className={styles.summary} id={summaryId} data-testid={`${testId}-summary`}>
        <div>
          <dt>Entry</dt>
          <dd>
            {formatPrice(signal.entryPrice)} at {formatClock(plan.entry.time, timeZone)}
          </dd>
        </div>
        <div>
          <dt>Expiry</dt>
          <dd>{formatClock(plan.expiry, timeZone)}</dd>
        </div>
        <div>
          <dt>Exit</dt>
          <dd data-testid={`${testId}-exit`}>
            {plan.exit
              ? `${formatPrice(plan.exit.price)} at ${formatClock(plan.exit.time, timeZone)}`
              : active
                ? 'Not yet: the signal is active'
                : 'None'}
          </dd>
        </div>
        <div>
          <dt>Outcome</dt>
          <dd data-testid={`${testId}-outcome`}>{result}</dd>
        </div>
      </dl>
      <p className={styles.note} role="status" data-testid={`${testId}-note`}>
        {load.state === 'loading' && 'Loading the chart...'}
        {load.state === 'failed' && load.message}
        {stored &&
          'The feed has no price history for this window: the chart shows the signal’s stored prices (entry and exit) only.'}
        {data &&
          !stored &&
          active &&
          (livePrices.length > 0
            ? `Live: the newest candle follows each price; closed candles are read every ${LIVE_CHART_REFRESH_MS / 1000} s.`
            : `Updated every ${LIVE_CHART_REFRESH_MS / 1000} s while the signal is active.`)}
      </p>
    </figure>
  );
}

/** The canvas: created once per mount, its data, lines and markers applied as they change. */
function CandleCanvas({
  signal,
  plan,
  data,
  prices,
  timeZone,
  testId,
  label,
  describedBy,
}: {
  signal: TSignal;
  plan: SignalChartPlan;
  data: TSignalChart | null;
  prices: readonly ChartPoint[];
  timeZone: string | undefined;
  testId: string;
  label: string;
  describedBy: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const levels = useRef<number[]>([]);
  const fitted = useRef(false);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const chart = createThemedChart(container.current, false);
    // Added first, so the candles are drawn over the shading.
    const windows = chart.addSeries(HistogramSeries, {
      priceScaleId: 'windows',
      lastValueVisible: false,
      priceLineVisible: false,
      autoscaleInfoProvider: () => ({ priceRange: { minValue: 0, maxValue: 1 } }),
    });
    chart.priceScale('windows').applyOptions({ visible: false, scaleMargins: { top: 0.12, bottom: 0 } });
    const candles = chart.addSeries(CandlestickSeries, {
      ...candleColours(),
      borderVisible: false,
      autoscaleInfoProvider: autoscaleWithLevels(levels),
    });
    const stored = chart.addSeries(LineSeries, {
      color: cssVar('--text-muted', '#a3adc8'),
      lineWidth: 2,
      lineStyle: LineStyle.Dotted,
      pointMarkersVisible: true,
      autoscaleInfoProvider: autoscaleWithLevels(levels),
    });
    const next: Drawn = { chart, candles, stored, windows, markers: createSeriesMarkers(windows, []), alive: true };
    fitted.current = false;
    probeChart(testId, candles);
    setDrawn(next);
    return () => {
      next.alive = false;
      chart.remove();
    };
  }, [testId]);

  useEffect(() => {
    if (drawn) applyChartClock(drawn.chart, timeZone);
  }, [drawn, timeZone]);

  // The canvas cannot read CSS: its colours are read again when the theme changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is what changes the CSS values read here
  useEffect(() => {
    if (!drawn) return;
    applyChartColours(drawn.chart);
    drawn.candles.applyOptions(candleColours());
    drawn.stored.applyOptions({ color: cssVar('--text-muted', '#a3adc8') });
  }, [drawn, theme]);

  useEffect(() => {
    if (!drawn) return;
    const precision = pricePrecision(signal.asset);
    const priceFormat = { type: 'price' as const, precision, minMove: 1 / 10 ** precision };
    drawn.candles.applyOptions({ priceFormat });
    drawn.stored.applyOptions({ priceFormat });
  }, [drawn, signal.asset]);

  const candles = useMemo(
    () =>
      data?.history === 'feed'
        ? onePointPerTime(withLiveCandles(data.candles, prices, Date.parse(data.to) / 1000))
        : [],
    [data, prices],
  );
  useEffect(() => {
    drawn?.candles.setData(candles.map((c) => ({ ...c, time: c.time as UTCTimestamp })));
  }, [drawn, candles]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws the marks in its colours
  useEffect(() => {
    if (!drawn || !data) return;
    const fromFeed = data.history === 'feed';
    // Without the feed's history, only what the signal itself stored: its entry and its exit.
    const storedPoints = fromFeed
      ? []
      : [
          { time: toTime(plan.entry.time.getTime()), value: plan.entry.price },
          ...(plan.exit ? [{ time: toTime(plan.exit.time.getTime()), value: plan.exit.price }] : []),
        ];
    drawn.stored.setData(onePointPerTime(storedPoints).map((p) => ({ ...p, time: p.time as UTCTimestamp })));
    drawn.windows.setData(windowBars(plan));
    const words = (container.current?.clientWidth ?? 0) >= MARKER_WORDS_MIN_WIDTH;
    drawn.markers.setMarkers(planMarkers(plan, signalResultLabel(signal), words));
    // Fitted once: a refresh of a live chart keeps the reader's zoom.
    if (!fitted.current) {
      drawn.chart.timeScale().fitContent();
      fitted.current = true;
    }
  }, [drawn, data, plan, signal, theme]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws the lines in its colours
  useEffect(() => {
    if (!drawn || !data) return;
    const lines = [
      { price: plan.entry.price, title: 'Entry', color: canvasColour(ENTRY) },
      ...(plan.exit ? [{ price: plan.exit.price, title: 'Exit', color: exitColour(signal) }] : []),
    ];
    levels.current = lines.map((l) => l.price);
    // The lines go on whichever series is drawn: the candles, or the stored prices without them.
    const series: ISeriesApi<'Candlestick' | 'Line'> = data.history === 'feed' ? drawn.candles : drawn.stored;
    const created: IPriceLine[] = lines.map((l) =>
      series.createPriceLine({ ...l, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true }),
    );
    return () => {
      // A removed chart took its lines with it.
      if (drawn.alive) for (const line of created) series.removePriceLine(line);
    };
  }, [drawn, data, plan.entry.price, plan.exit, signal, theme]);

  return (
    <div
      ref={container}
      className={styles.canvas}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid={testId}
    />
  );
}

function exitColour(signal: TSignal): string {
  if (signal.outcome === 'profit') return cssVar('--success', '#22c55e');
  if (signal.outcome === 'loss') return cssVar('--danger', '#f87171');
  return cssVar('--text-muted', '#a3adc8');
}

/** Rising and falling candles in the theme's success and danger colours. */
function candleColours() {
  const up = cssVar('--success', '#22c55e');
  const down = cssVar('--danger', '#f87171');
  return { upColor: up, downColor: down, wickUpColor: up, wickDownColor: down };
}

/**
 * One full-height bar a minute inside each window played (all of them while active), shaded by level.
 */
function windowBars(plan: SignalChartPlan) {
  const played = plan.windows.filter((w) => !plan.frozenAt || w.from < plan.frozenAt);
  const bars: { time: number; value: number; color: string }[] = [];
  for (const w of played) {
    const shade = SHADES[Math.min(w.level, SHADES.length - 1)] as string;
    for (let t = toTime(w.from.getTime()); t * 1000 < w.to.getTime(); t += CHART_CANDLE_MS / 1000) {
      bars.push({ time: t, value: 1, color: shade });
    }
  }
  const last = played[played.length - 1];
  // Clear bars after the last window: its marker has a place, and room on the right for its words.
  for (let i = 0; last && i <= TRAILING_BARS; i += 1) {
    bars.push({ time: toTime(last.to.getTime()) + i * (CHART_CANDLE_MS / 1000), value: 1, color: 'rgba(0, 0, 0, 0)' });
  }
  return onePointPerTime(bars).map((b) => ({ ...b, time: b.time as UTCTimestamp }));
}

/** Below this width a chart's marker words would overlap (five minutes are a few pixels): the legend names them. */
const MARKER_WORDS_MIN_WIDTH = 560;

/**
 * The entry at the foot of the shading (where the candles rarely are), the expiry and the resolution's
 * outcome above the prices; on a narrow chart without their words (the legend under it gives them).
 */
function planMarkers(plan: SignalChartPlan, result: string, words: boolean) {
  const mark = (time: Date, text: string, color: string, shape: 'arrowDown' | 'circle') => ({
    time: toTime(time.getTime()),
    text: words ? text : '',
    color: canvasColour(color),
    position: 'aboveBar' as const,
    shape,
  });
  // Resolved at its expiry (the first window decided it): one marker says both, as two would stack out of view.
  const atExpiry = plan.frozenAt?.getTime() === plan.expiry.getTime();
  const list = [
    {
      ...mark(plan.entry.time, 'Entry', ENTRY, 'arrowDown'),
      position: 'atPriceTop' as const,
      price: 0,
      shape: 'arrowUp' as const,
    },
    mark(plan.expiry, atExpiry ? `Expiry: ${result}` : 'Expiry', EXPIRY, 'arrowDown'),
    ...(plan.frozenAt && !atExpiry ? [mark(plan.frozenAt, result, RESOLUTION, 'circle')] : []),
  ];
  return list.sort((a, b) => a.time - b.time).map((m) => ({ ...m, time: m.time as UTCTimestamp }));
}

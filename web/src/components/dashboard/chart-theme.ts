import { formatTimeOfDay } from '@signalroom/shared';
import {
  type AutoscaleInfo,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  TickMarkType,
  type Time,
} from 'lightweight-charts';
import { browserTimeZone } from '../clock/use-clock.js';
import { formatClock } from './signal-format.js';

/** A design token's value, for the canvas (which CSS does not reach). */
export const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** A colour as the canvas needs it: `var(--token)` becomes the token's value in the current theme. */
export function canvasColour(colour: string): string {
  const token = /^var\((--[\w-]+)\)$/.exec(colour)?.[1];
  return token ? cssVar(token, colour) : colour;
}

/**
 * Paints a chart's background, text and grid in the current theme's tokens. The canvas cannot read CSS:
 * a chart calls this again when the theme changes (useTheme).
 */
export function applyChartColours(chart: IChartApi): void {
  const grid = cssVar('--border', '#26345c');
  chart.applyOptions({
    layout: {
      background: { type: ColorType.Solid, color: cssVar('--panel', '#151f3a') },
      textColor: cssVar('--text-muted', '#a3adc8'),
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    timeScale: { borderColor: grid },
    rightPriceScale: { borderColor: grid },
  });
}

/** A chart in the product's colours, sized by its container. */
export function createThemedChart(container: HTMLElement, secondsVisible: boolean): IChartApi {
  const chart = createChart(container, {
    autoSize: true,
    layout: { attributionLogo: false },
    timeScale: { timeVisible: true, secondsVisible },
  });
  applyChartColours(chart);
  return chart;
}

/** The axis and the crosshair read times in the reader's zone, through the one clock, as the page does. */
export function applyChartClock(chart: IChartApi, timeZone: string | undefined): void {
  chart.applyOptions({
    timeScale: {
      // Seconds only where the axis marks them (a live stream); minutes elsewhere.
      tickMarkFormatter: (time: Time, type: TickMarkType) =>
        formatTimeOfDay(
          new Date((time as number) * 1000),
          timeZone ?? browserTimeZone(),
          type === TickMarkType.TimeWithSeconds,
        ),
    },
    localization: { timeFormatter: (time: Time) => formatClock(new Date((time as number) * 1000), timeZone) },
  });
}

/**
 * A test reads a drawn series through the chart's own API: a page script may define this function
 * before the app loads (browser tests do), and each chart hands it its series. Nothing is exposed
 * otherwise.
 */
type ChartProbe = (testId: string, series: ISeriesApi<SeriesType>) => void;

/** Hands a chart's main series to the test probe, when a test defined one. */
export function probeChart(testId: string | undefined, series: ISeriesApi<SeriesType>): void {
  if (!testId) return;
  (globalThis as { __signalroomChartProbe?: ChartProbe }).__signalroomChartProbe?.(testId, series);
}

/**
 * A series' autoscale that keeps its price lines' levels in view (an entry away from the prices drawn),
 * read from `levels` each time the scale is computed.
 */
export function autoscaleWithLevels(levels: { readonly current: readonly number[] }) {
  return (original: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const info = original();
    if (!info?.priceRange || levels.current.length === 0) return info;
    const { minValue, maxValue } = info.priceRange;
    return {
      ...info,
      priceRange: { minValue: Math.min(minValue, ...levels.current), maxValue: Math.max(maxValue, ...levels.current) },
    };
  };
}

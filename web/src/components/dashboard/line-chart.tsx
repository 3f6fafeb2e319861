import {
  createSeriesMarkers,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineSeries,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../app/theme.js';
import { onePointPerTime } from './chart-points.js';
import {
  applyChartClock,
  applyChartColours,
  autoscaleWithLevels,
  canvasColour,
  createThemedChart,
  probeChart,
} from './chart-theme.js';
import styles from './line-chart.module.css';

/** One point of a line: time in epoch seconds. */
export interface ChartPoint {
  time: number;
  value: number;
}

export interface ChartMarker {
  time: number;
  text: string;
  /** A CSS colour, or `var(--token)` to follow the theme. */
  color: string;
}

export interface ChartPriceLine {
  price: number;
  title: string;
  /** A CSS colour, or `var(--token)` to follow the theme. */
  color: string;
}

interface LineChartProps {
  points: readonly ChartPoint[];
  /** Names the chart for assistive tech; the figures it draws are also given as text beside it. */
  label: string;
  /** The line's colour (a CSS colour or `var(--token)`); the theme's accent when absent. */
  color?: string;
  markers?: readonly ChartMarker[];
  priceLines?: readonly ChartPriceLine[];
  /** Decimals of the price scale. */
  precision?: number;
  /** The operator's time zone: the axis and the crosshair read times in it, as the rest of the page does. */
  timeZone?: string | undefined;
  testId?: string;
}

/** One chart and its line, alive until the component unmounts. */
interface DrawnChart {
  chart: IChartApi;
  series: ISeriesApi<'Line'>;
  markers: ISeriesMarkersPluginApi<Time>;
  alive: boolean;
}

/**
 * A time-series line drawn with lightweight-charts (a canvas made for financial series). The chart is
 * created once per mount; options, data, price lines and markers are applied to it as they change.
 * Appending one point updates the series in place, so a stream of prices never redraws the whole line;
 * anything else (a new asset, a reload) replaces the data.
 */
export function LineChart({
  points,
  label,
  color,
  markers = [],
  priceLines = [],
  precision = 2,
  timeZone,
  testId,
}: LineChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<DrawnChart | null>(null);
  const drawnPoints = useRef<readonly ChartPoint[]>([]);
  // The price lines' levels, read by the price scale: a line away from the prices stays in view.
  const lineLevels = useRef<number[]>([]);
  const theme = useTheme();

  useEffect(() => {
    if (!container.current) return;
    const chart = createThemedChart(container.current, true);
    const series = chart.addSeries(LineSeries, {
      lineWidth: 2,
      autoscaleInfoProvider: autoscaleWithLevels(lineLevels),
    });
    const next: DrawnChart = { chart, series, markers: createSeriesMarkers(series, []), alive: true };
    drawnPoints.current = [];
    probeChart(testId, series);
    setDrawn(next);
    return () => {
      next.alive = false;
      chart.remove();
    };
  }, [testId]);

  // The canvas cannot read CSS: its colours are the theme's tokens, read again when the theme changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: theme is what changes the CSS values read here
  useEffect(() => {
    if (!drawn) return;
    applyChartColours(drawn.chart);
    drawn.series.applyOptions({ color: canvasColour(color ?? 'var(--accent)') });
  }, [drawn, theme, color]);

  useEffect(() => {
    if (!drawn) return;
    applyChartClock(drawn.chart, timeZone);
    drawn.series.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
    });
  }, [drawn, precision, timeZone]);

  useEffect(() => {
    if (!drawn) return;
    const previousLast = drawnPoints.current[drawnPoints.current.length - 1];
    const last = points[points.length - 1];
    // One point added after the last one drawn (a window that drops its oldest point still counts).
    if (previousLast && last && points[points.length - 2] === previousLast && last.time > previousLast.time) {
      drawn.series.update({ time: last.time as UTCTimestamp, value: last.value });
    } else {
      drawn.series.setData(onePointPerTime(points).map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      drawn.chart.timeScale().fitContent();
    }
    drawnPoints.current = points;
  }, [drawn, points]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws the lines in its colours
  useEffect(() => {
    if (!drawn) return;
    lineLevels.current = priceLines.map((p) => p.price);
    const created: IPriceLine[] = priceLines.map((p) =>
      drawn.series.createPriceLine({
        price: p.price,
        title: p.title,
        color: canvasColour(p.color),
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
      }),
    );
    return () => {
      // A removed chart took its lines with it.
      if (drawn.alive) for (const p of created) drawn.series.removePriceLine(p);
    };
  }, [drawn, priceLines, theme]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change redraws the markers in its colours
  useEffect(() => {
    if (!drawn) return;
    drawn.markers.setMarkers(
      markers.map((m) => ({
        time: m.time as UTCTimestamp,
        position: 'aboveBar' as const,
        shape: 'arrowDown' as const,
        color: canvasColour(m.color),
        text: m.text,
      })),
    );
  }, [drawn, markers, theme]);

  return <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid={testId} />;
}

import {
  ColorType,
  createChart,
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
import { useEffect, useRef } from 'react';
import styles from './line-chart.module.css';
import { formatClock } from './signal-format.js';

/** One point of a line: time in epoch seconds. */
export interface ChartPoint {
  time: number;
  value: number;
}

export interface ChartMarker {
  time: number;
  text: string;
  color: string;
}

export interface ChartPriceLine {
  price: number;
  title: string;
  color: string;
}

interface LineChartProps {
  points: readonly ChartPoint[];
  /** Names the chart for assistive tech; the figures it draws are also given as text beside it. */
  label: string;
  color?: string;
  markers?: readonly ChartMarker[];
  priceLines?: readonly ChartPriceLine[];
  /** Decimals of the price scale. */
  precision?: number;
  /** The operator's time zone: the axis and the crosshair read times in it, as the rest of the page does. */
  timeZone?: string | undefined;
  testId?: string;
}

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * A time-series line drawn with lightweight-charts (a canvas made for financial series). Appending one
 * point updates the series in place, so a stream of prices never redraws the whole line; anything else
 * (a new asset, a reload) replaces the data.
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
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'> | null>(null);
  const markerApi = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const drawn = useRef<readonly ChartPoint[]>([]);

  useEffect(() => {
    if (!container.current) return;
    const text = cssVar('--text-muted', '#a3adc8');
    const grid = cssVar('--border', '#26345c');
    const created = createChart(container.current, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: cssVar('--panel', '#151f3a') },
        textColor: text,
        attributionLogo: false,
      },
      grid: { vertLines: { color: grid }, horzLines: { color: grid } },
      timeScale: {
        timeVisible: true,
        secondsVisible: true,
        borderColor: grid,
        tickMarkFormatter: (time: Time) => formatClock(new Date((time as number) * 1000), timeZone, false),
      },
      localization: { timeFormatter: (time: Time) => formatClock(new Date((time as number) * 1000), timeZone) },
      rightPriceScale: { borderColor: grid },
    });
    chart.current = created;
    series.current = created.addSeries(LineSeries, {
      color: color ?? cssVar('--accent', '#38bdf8'),
      lineWidth: 2,
      priceFormat: { type: 'price', precision, minMove: 1 / 10 ** precision },
    });
    markerApi.current = createSeriesMarkers(series.current, []);
    drawn.current = [];
    return () => {
      created.remove();
      chart.current = null;
      series.current = null;
      markerApi.current = null;
    };
  }, [color, precision, timeZone]);

  useEffect(() => {
    const line = series.current;
    if (!line) return;
    const previousLast = drawn.current[drawn.current.length - 1];
    const last = points[points.length - 1];
    // One point added after the last one drawn (a window that drops its oldest point still counts).
    if (previousLast && last && points[points.length - 2] === previousLast && last.time > previousLast.time) {
      line.update({ time: last.time as UTCTimestamp, value: last.value });
    } else {
      line.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      chart.current?.timeScale().fitContent();
    }
    drawn.current = points;
  }, [points]);

  useEffect(() => {
    const line = series.current;
    if (!line) return;
    const created: IPriceLine[] = priceLines.map((p) =>
      line.createPriceLine({
        price: p.price,
        title: p.title,
        color: p.color,
        lineStyle: LineStyle.Dashed,
        lineWidth: 1,
      }),
    );
    return () => {
      for (const p of created) line.removePriceLine(p);
    };
  }, [priceLines]);

  useEffect(() => {
    markerApi.current?.setMarkers(
      markers.map((m) => ({
        time: m.time as UTCTimestamp,
        position: 'aboveBar' as const,
        shape: 'arrowDown' as const,
        color: m.color,
        text: m.text,
      })),
    );
  }, [markers]);

  return <div ref={container} className={styles.chart} role="img" aria-label={label} data-testid={testId} />;
}

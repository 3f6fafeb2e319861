import type { Page } from 'playwright-core';

/**
 * Before any app script runs, defines the hook each chart hands its series to (the app exposes nothing
 * unless a page defines it), so a test reads the drawn data through the chart's own API.
 */
export async function probeCharts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Series = { data(): readonly unknown[]; priceLines(): readonly { options(): { price: number } }[] };
    const charts: Record<string, Series> = {};
    Object.assign(globalThis, {
      __signalroomChartProbe: (id: string, series: Series) => {
        charts[id] = series;
      },
      __chartPoints: (id: string) => charts[id]?.data().length ?? -1,
      __chartLines: (id: string) => charts[id]?.priceLines().map((line) => line.options().price) ?? [],
    });
  });
}

/** How many points (or candles) the chart of this test id draws; -1 before it exists. */
export const chartPoints = (page: Page, id: string) =>
  page.evaluate((chart) => (globalThis as unknown as { __chartPoints(id: string): number }).__chartPoints(chart), id);

/** The prices of the chart's price lines. */
export const chartLines = (page: Page, id: string) =>
  page.evaluate((chart) => (globalThis as unknown as { __chartLines(id: string): number[] }).__chartLines(chart), id);

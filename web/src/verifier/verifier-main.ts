import {
  computeTrackRecordStats,
  type ExpectedEntry,
  factsOfRecord,
  parseCheckpoints,
  parseExpectedEntry,
  type TTrackRecordStats,
  verifyTrackRecordOnline,
  ZTrackRecordSummary,
} from '@signalroom/shared';
import './verifier.css';

/**
 * The standalone verifier: one HTML file with this script inlined, served by the product at
 * /verify-track-record.html and meant to be saved and run anywhere. It uses the shared outside
 * verifier (the same checks as `npm run verify-track-record`), fills in the checkpoint this browser's
 * witness kept when served from the site itself, and recomputes every published figure from the
 * downloaded record to compare with the site's own.
 */

/** Where the product's pages keep the checkpoint this browser saw (record-witness.ts). */
const WITNESS_STORAGE_KEY = 'signalroom.trackRecordWitness';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function fillFromThisSite(): void {
  if (!/^https?:$/.test(location.protocol)) return;
  $<HTMLInputElement>('site').value = location.origin;
  const kept = localStorage.getItem(WITNESS_STORAGE_KEY);
  if (!kept) return;
  try {
    const { checkpoint } = JSON.parse(kept) as { checkpoint?: unknown };
    if (!checkpoint) return;
    $<HTMLTextAreaElement>('checkpoints').value = JSON.stringify(checkpoint);
    $('saved-note').hidden = false;
  } catch (error) {
    console.warn('The checkpoint this browser kept is unreadable:', error);
  }
}

function listInto(id: string, items: readonly string[]): void {
  const list = $(id);
  list.replaceChildren(
    ...items.map((text) => {
      const li = document.createElement('li');
      li.textContent = text;
      return li;
    }),
  );
}

const pct = (n: number | null) => (n === null ? '–' : `${n}%`);

/** The figures the site shows, side by side with the recomputed ones. */
function figureRows(site: TTrackRecordStats, mine: TTrackRecordStats): [string, string, string][] {
  return [
    ['Resolved signals', String(site.resolvedSignals), String(mine.resolvedSignals)],
    ['Won in first window', pct(site.overall.firstWindow.percent), pct(mine.overall.firstWindow.percent)],
    [
      '95% interval (first window)',
      `${site.overall.firstWindow.low}–${site.overall.firstWindow.high}`,
      `${mine.overall.firstWindow.low}–${mine.overall.firstWindow.high}`,
    ],
    [
      'Won with martingale recovery',
      pct(site.overall.withMartingale.percent),
      pct(mine.overall.withMartingale.percent),
    ],
    ['Equity of the stated plan', String(site.equity.final), String(mine.equity.final)],
    ['Maximum drawdown', String(site.equity.maxDrawdown), String(mine.equity.maxDrawdown)],
  ];
}

async function verify(event: SubmitEvent): Promise<void> {
  event.preventDefault();
  const status = $('status');
  const button = $<HTMLButtonElement>('verify');
  const started = performance.now();
  button.disabled = true;
  document.body.dataset.verdict = 'running';
  try {
    const base = $<HTMLInputElement>('site').value.trim();
    const expect: ExpectedEntry[] = [];
    for (const line of $<HTMLTextAreaElement>('entries').value.split('\n')) {
      if (line.trim() === '') continue;
      const parsed = parseExpectedEntry(line);
      if (!parsed) throw new Error(`Not a seq:hash line: ${line}`);
      expect.push(parsed);
    }
    const checkpoints = parseCheckpoints($<HTMLTextAreaElement>('checkpoints').value);
    status.textContent = 'Downloading the record…';
    const summaryResponse = await fetch(new URL('/api/track-record/summary', base));
    const summary = ZTrackRecordSummary.parse(((await summaryResponse.json()) as { data: unknown }).data);
    const report = await verifyTrackRecordOnline({
      base,
      expect,
      checkpoints,
      history: $<HTMLInputElement>('history').checked,
      onProgress: (n) => {
        status.textContent = `Checked ${n.toLocaleString('en-US')} entries…`;
      },
    });
    const problems = [...report.problems];
    if (report.length < summary.head.length) {
      problems.push(`the site's figures cover ${summary.head.length} entries; only ${report.length} could be checked`);
    }
    const mine = computeTrackRecordStats(factsOfRecord(report.facts, summary.head.length));
    let figuresVerdict: string;
    if (summary.stats === null) {
      figuresVerdict = 'The site withholds its figures: its own check finds the record broken.';
      $('figures').replaceChildren();
    } else {
      const same = JSON.stringify(summary.stats) === JSON.stringify(mine);
      if (!same) problems.push("the site's published figures differ from the ones its record gives");
      figuresVerdict = same
        ? `Every published figure recomputes from the record's ${summary.head.length} public entries.`
        : 'The published figures differ from the ones the record gives.';
      $('figures').replaceChildren(
        ...figureRows(summary.stats, mine).map((cells) => {
          const row = document.createElement('tr');
          for (const text of cells) {
            const cell = document.createElement('td');
            cell.textContent = text;
            row.append(cell);
          }
          return row;
        }),
      );
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const verdict = $('verdict');
    verdict.textContent =
      problems.length === 0
        ? `OK: the record holds (${report.length.toLocaleString('en-US')} entries, root ${report.root})`
        : 'BROKEN: the record does not hold';
    verdict.className = problems.length === 0 ? 'ok' : 'broken';
    $('figures-verdict').textContent = figuresVerdict;
    listInto('problems', problems);
    listInto('passed', report.passed);
    $('result').hidden = false;
    status.textContent = `Verified ${report.length.toLocaleString('en-US')} entries in ${seconds} s.`;
    document.body.dataset.verdict = problems.length === 0 ? 'ok' : 'broken';
    document.body.dataset.seconds = seconds;
  } catch (error) {
    status.textContent = `Could not check the record: ${(error as Error).message}`;
    document.body.dataset.verdict = 'error';
  } finally {
    button.disabled = false;
  }
}

fillFromThisSite();
$<HTMLFormElement>('verify-form').addEventListener('submit', (event) => void verify(event));

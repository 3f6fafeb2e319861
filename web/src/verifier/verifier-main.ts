import {
  computeTrackRecordStats,
  type ExpectedEntry,
  equityCurve,
  parseExpectedEntry,
  parseKeptNotes,
  STAKE_PLAN,
  type TTrackRecordStats,
  verifyTrackRecordOnline,
  ZRecordWitnessing,
  ZTrackRecordSummary,
} from '@signalroom/shared';
import { createCheckpointThread } from './checkpoint-thread.js';
import { sha256HexNative } from './native-hash.js';
import './verifier.css';

/**
 * The standalone verifier: one HTML file with this script inlined, served by the product at
 * /verify-track-record.html and meant to be saved and run anywhere. It uses the shared outside
 * verifier (the same checks as `npm run verify-track-record`), fills in the witnesses the site names
 * and the checkpoint this browser's witness kept when served from the site itself, verifies the many
 * cosignatures of a long record with the browser's own Ed25519 where it has one, on a second thread
 * while the entries are rehashed on this one, and recomputes every
 * published figure from the signals the witnesses vouch for, to compare with the site's own.
 */

/** Where the product's pages keep the checkpoint this browser saw (record-witness.ts). */
const WITNESS_STORAGE_KEY = 'signalroom.trackRecordWitness';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function fillFromThisSite(): Promise<void> {
  if (!/^https?:$/.test(location.protocol)) return;
  $<HTMLInputElement>('site').value = location.origin;
  const kept = localStorage.getItem(WITNESS_STORAGE_KEY);
  if (kept) {
    try {
      const { note } = JSON.parse(kept) as { note?: unknown };
      if (typeof note === 'string') {
        $<HTMLTextAreaElement>('checkpoints').value = note;
        $('saved-note').hidden = false;
      }
    } catch (error) {
      console.warn('The checkpoint this browser kept is unreadable:', error);
    }
  }
  try {
    const response = await fetch('/api/track-record/witnesses');
    const status = ZRecordWitnessing.parse(((await response.json()) as { data: unknown }).data);
    $<HTMLTextAreaElement>('witnesses').value = status.witnesses.map((w) => w.verifierKey).join('\n');
    if (status.witnesses.length > 0) $('witnesses-note').hidden = false;
  } catch (error) {
    console.warn("The site's witnesses could not be read:", error);
  }
}

function listInto(id: string, items: readonly string[]): void {
  $(id).replaceChildren(
    ...items.map((text) => {
      const li = document.createElement('li');
      li.textContent = text;
      return li;
    }),
  );
}

const pct = (n: number | null) => (n === null ? '–' : `${n}%`);

/** A count as the page writes it (1,234). */
const count = (n: number) => n.toLocaleString('en-US');

/** The figures the site shows, side by side with the recomputed ones. */
function figureRows(site: TTrackRecordStats, mine: TTrackRecordStats): [string, string, string][] {
  return [
    ['Resolved signals counted', String(site.resolvedSignals), String(mine.resolvedSignals)],
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
  let checkpoints: ReturnType<typeof createCheckpointThread> | undefined;
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
    const witnesses = $<HTMLTextAreaElement>('witnesses')
      .value.split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const quorumText = $<HTMLInputElement>('quorum').value.trim();
    const logKey = $<HTMLInputElement>('log-key').value.trim();
    status.textContent = 'Downloading the record…';
    // The entries are rehashed here while a worker checks the cosigned checkpoints.
    const thread = createCheckpointThread();
    checkpoints = thread;
    const progress = { entries: 0, witnesses: 0 };
    const summaryResponse = await fetch(new URL('/api/track-record/summary', base));
    const summary = ZTrackRecordSummary.parse(((await summaryResponse.json()) as { data: unknown }).data);
    const report = await verifyTrackRecordOnline({
      base,
      witnesses,
      ...(quorumText ? { quorum: Number(quorumText) } : {}),
      ...(logKey ? { logKey } : {}),
      expect,
      kept: parseKeptNotes($<HTMLTextAreaElement>('checkpoints').value),
      verifyCheckpoints: (notes, keys) => thread.verify(notes, keys),
      ...(sha256HexNative ? { sha256HexBatch: sha256HexNative } : {}),
      onProgress: (phase, n) => {
        progress[phase] = n;
        status.textContent = `Checked ${count(progress.entries)} entries and the witnesses' cosignatures of ${count(progress.witnesses)} checkpoints…`;
      },
    });
    document.body.dataset.checkpointThread = thread.thread();
    const problems = [...report.problems];
    const counted = report.signals.filter((s) => s.counted);
    const payoutPercent = summary.evidence?.payoutPercent ?? STAKE_PLAN.payoutPercent;
    const mine = {
      ...computeTrackRecordStats(counted),
      equity: equityCurve(counted, { ...STAKE_PLAN, payoutPercent }),
    };
    let figuresVerdict: string;
    if (summary.stats === null) {
      figuresVerdict = `The site withholds its figures: ${summary.witnessing.withheldReason ?? 'its record is not witnessed'}.`;
      $('figures').replaceChildren();
    } else {
      const same = JSON.stringify(summary.stats) === JSON.stringify(mine);
      if (!same) problems.push("the site's published figures differ from the ones the witnessed record gives");
      figuresVerdict = same
        ? `Every published figure recomputes from the ${count(counted.length)} signals the witnesses vouch for.`
        : 'The published figures differ from the ones the witnessed record gives.';
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
    checkpoints?.close();
    button.disabled = false;
  }
}

void fillFromThisSite();
$<HTMLFormElement>('verify-form').addEventListener('submit', (event) => void verify(event));

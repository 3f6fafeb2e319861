// npm run bench -- landing [--runs 3]
//
// The landing page under Lighthouse's mobile profile (simulated slow 4G, 4× CPU slowdown), driving the
// Debian Chromium (CHROME_PATH, else CHROMIUM_PATH, else /usr/bin/chromium), against the running product
// serving the production build (run `npm run build` first). Prints, in one run and as medians of --runs:
//   - the landing document (/ answered by the prerendered landing.html);
//   - the peer: the same page rendered by the app in the browser (the same build without landing.html,
//     so / gets the app shell, as before the landing page had its own document);
//   - performance, FCP, LCP, TBT, CLS, the JavaScript loaded until the network was idle (as sent, brotli,
//     and gzipped: the same scripts fetched again asking for gzip only) and its unused part,
//     accessibility, SEO and best practices, the failing audits, the ratios of the two, and the load.
// Goals: LCP <= 2.0 s, performance >= 95, SEO 100, accessibility 100, JavaScript <= 80 kB gzipped.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startTestServer, type TestServer } from '../../server/test/helpers/test-server.js';
import { log, median } from './bench-common.js';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Math.max(1, Number(flags.runs));
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** What one audit of one page gives. */
interface Audit {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  scriptGzipBytes: number;
  unusedScriptBytes: number;
  failing: string[];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The scripts' bytes as the server sends them to a browser that accepts gzip and nothing newer. */
async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const body = await response.arrayBuffer();
    // fetch decodes the body, so a gzipped answer's length on the wire is its header's; files too small
    // to gain from compression have no compressed copy and go as they are.
    const gzipped = response.headers.get('content-encoding') === 'gzip';
    total += gzipped ? Number(response.headers.get('content-length')) : body.byteLength;
  }
  return total;
}

async function auditOf(lhr: Lhr): Promise<Audit> {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const summary = lhr.audits['resource-summary']?.details as
    | { items?: { resourceType: string; transferSize: number }[] }
    | undefined;
  const unused = lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined;
  const requests = lhr.audits['network-requests']?.details as
    | { items?: { resourceType?: string; url: string }[] }
    | undefined;
  const scripts = (requests?.items ?? []).filter((item) => item.resourceType === 'Script').map((item) => item.url);
  const failing = Object.values(lhr.categories)
    .filter((category) => category.id !== 'performance')
    .flatMap((category) =>
      category.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => `${category.id}: ${audit?.id}`),
    );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes: summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
    scriptGzipBytes: await gzippedBytes(scripts),
    unusedScriptBytes: unused?.overallSavingsBytes ?? 0,
    failing: [...new Set(failing)],
  };
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
  return await auditOf(result.lhr);
}

/** The median of each figure over the runs; the failing audits of any run. */
function medianAudit(audits: Audit[]): Audit {
  const pick = (key: Exclude<keyof Audit, 'failing'>) => median(audits.map((a) => a[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    seo: pick('seo'),
    bestPractices: pick('bestPractices'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    scriptBytes: pick('scriptBytes'),
    scriptGzipBytes: pick('scriptGzipBytes'),
    unusedScriptBytes: pick('unusedScriptBytes'),
    failing: [...new Set(audits.flatMap((a) => a.failing))],
  };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function describeAudit(label: string, a: Audit): void {
  log(
    `${label}: performance ${a.performance}, FCP ${s(a.fcpMs)}, LCP ${s(a.lcpMs)}, TBT ${a.tbtMs.toFixed(0)} ms, ` +
      `CLS ${a.cls.toFixed(3)}; JavaScript ${kB(a.scriptBytes)} as sent (brotli, headers included), ${kB(a.scriptGzipBytes)} gzipped, ` +
      `${kB(a.unusedScriptBytes)} unused; ` +
      `accessibility ${a.accessibility}, SEO ${a.seo}, best practices ${a.bestPractices}`,
  );
  log(`  failing: ${a.failing.length ? a.failing.join(', ') : 'none'}`);
}

async function main(): Promise<void> {
  if (!existsSync(join(webDist, 'landing.html'))) {
    throw new Error(`No landing build at ${webDist}/landing.html: run \`npm run build\` first`);
  }
  log(`bench:landing runs=${runs} chromium=${chromePath} (Lighthouse mobile: simulated slow 4G, 4× CPU)`);
  // The peer: the same build without the landing document, so / is answered by the app shell.
  const appOnly = mkdtempSync(join(tmpdir(), 'sr-bench-app-only-'));
  cpSync(webDist, appOnly, { recursive: true, filter: (source) => !/[\\/]landing\.html(\.br|\.gz)?$/.test(source) });
  const servers: TestServer[] = [];
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const env = { LOG_LEVEL: 'warn', RATE_LIMITS: 'false', EMBEDDED_WORKER: 'true' };
    const landing = await startTestServer({ ...env, WEB_DIST_DIR: webDist });
    servers.push(landing);
    const peer = await startTestServer({ ...env, WEB_DIST_DIR: appOnly });
    servers.push(peer);
    // Warm-up: the first audit of a fresh Chromium pays for its own start.
    await audit(`${landing.url}/`, chrome.port);
    const landingAudits: Audit[] = [];
    const peerAudits: Audit[] = [];
    for (let i = 0; i < runs; i += 1) {
      landingAudits.push(await audit(`${landing.url}/`, chrome.port));
      peerAudits.push(await audit(`${peer.url}/`, chrome.port));
      log(`run ${i + 1}/${runs} done`);
    }
    const ours = medianAudit(landingAudits);
    const before = medianAudit(peerAudits);
    describeAudit('landing document (prerendered landing.html)', ours);
    describeAudit('peer: the same page rendered by the app in the browser', before);
    log(
      `ratios (landing / peer): FCP ${(ours.fcpMs / before.fcpMs).toFixed(2)}×, LCP ${(ours.lcpMs / before.lcpMs).toFixed(2)}×, ` +
        `JavaScript gzipped ${(ours.scriptGzipBytes / before.scriptGzipBytes).toFixed(2)}×`,
    );
    const goals = [
      `LCP ${s(ours.lcpMs)} (goal <= 2.00 s: ${ours.lcpMs <= 2000 ? 'met' : 'missed'})`,
      `performance ${ours.performance} (goal >= 95: ${ours.performance >= 95 ? 'met' : 'missed'})`,
      `SEO ${ours.seo} (goal 100: ${ours.seo === 100 ? 'met' : 'missed'})`,
      `accessibility ${ours.accessibility} (goal 100: ${ours.accessibility === 100 ? 'met' : 'missed'})`,
      `JavaScript ${kB(ours.scriptGzipBytes)} gzipped (goal <= 80 kB: ${ours.scriptGzipBytes <= 80_000 ? 'met' : 'missed'})`,
    ];
    log(`goals: ${goals.join('; ')}`);
    log(`load average ${loadavg()[0]?.toFixed(2)} on ${cpus().length} cores`);
  } finally {
    await chrome.kill();
    for (const server of servers) await server.close();
    rmSync(appOnly, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

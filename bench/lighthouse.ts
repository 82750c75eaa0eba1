// Lighthouse's mobile preset (simulated slow 4G, 4x CPU, a Moto G Power's screen) against the built app
// served by the server this starts (a temporary DATA_DIR; run `npm run build` first): `/` and `/login`
// as a new visitor; `/dashboard` and `/account/wallet` as a signed-in player with a complete profile,
// whose session cookie every request carries (a new tab or the home-screen icon: nothing in session
// storage, nothing cached). The median of `runs` per page by performance score; prints the score, LCP,
// TBT and the script bytes as sent and as run, then one line a script can read. Not a test.
//
//   node bench/lighthouse.ts [runs=3] [port=3411] [pages=home,login,dashboard,wallet]
//
// WEB_DIST_DIR serves another build (to compare two); LIGHTHOUSE_REPORT_DIR keeps each run's report.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../playwright.config.ts';
import { startAppServer } from './support/app-server.ts';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.argv[3] ?? 3411);
// Every run's full report (LCP element, critical request chains, diagnostics) when asked for.
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const { baseUrl, completePlayer, stop } = await startAppServer(port, 'lighthouse');

interface Figures {
  perf: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  scriptSentBytes: number;
  scriptBytes: number;
  mainThreadMs: number;
  bootupMs: number;
  /** Lighthouse's measure of this machine's CPU (higher is faster): its 4x slowdown is of this. */
  benchmarkIndex: number;
  /** The browser's major version: Chromium's trace events are what Lighthouse stretches. */
  chromeMajor: string;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

async function audit(chromePort: number, path: string, cookie?: string): Promise<Figures> {
  const result = await lighthouse(
    `${baseUrl}${path}`,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    // The default config is the mobile preset: simulated slow 4G (150 ms RTT, 1.6 Mbps) and 4x CPU.
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (reportDir)
    writeFileSync(
      join(reportDir, `${path.replaceAll('/', '_') || '_'}-${Date.now()}.json`),
      JSON.stringify(lhr),
    );
  if (lhr.runtimeError) throw new LighthouseRunError(`${path}: ${lhr.runtimeError.code}`);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== path) throw new Error(`${path} ended on ${finalPath}: is the player signed in?`);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  return {
    perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    scriptSentBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? Number.NaN,
    bootupMs: lhr.audits['bootup-time']?.numericValue ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    chromeMajor: /Chrome\/(\d+)/.exec(lhr.environment.hostUserAgent)?.[1] ?? 'unknown',
  };
}

class LighthouseRunError extends Error {}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): that
 * run is made again, up to twice, and said so; any other failure stops the bench.
 */
async function auditAgainOnRunError(chromePort: number, path: string, cookie?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(chromePort, path, cookie);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt === 3) throw error;
      console.log(`  (${error.message}; run again)`);
    }
  }
}

/** The run with the median performance score (Lighthouse's own advice for picking a representative run). */
function medianRun(samples: Figures[]): Figures {
  const sorted = [...samples].sort((a, b) => a.perf - b.perf || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Figures;
}

const allPages = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'wallet', path: '/account/wallet', signedIn: true },
];

const only = process.argv[4]?.split(',');
const pages = allPages.filter((page) => !only || only.includes(page.name));

const summary: string[] = [];
const measured: Figures[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: chromiumLaunch.executablePath,
  chromeFlags: ['--headless=new', ...chromiumLaunch.args],
});
try {
  const { cookie } = await completePlayer();
  // One unmeasured visit of each: the server's first answers (JIT, PGlite's first queries) are not a player's.
  for (const page of pages)
    await fetch(`${baseUrl}${page.path}`, { headers: page.signedIn ? { Cookie: cookie } : {} });
  await auditAgainOnRunError(chrome.port, '/dashboard', cookie);
  console.log('Lighthouse mobile (simulated slow 4G, 4x CPU), median of', runs, 'runs by performance score:');
  for (const page of pages) {
    const samples: Figures[] = [];
    for (let run = 0; run < runs; run++)
      samples.push(await auditAgainOnRunError(chrome.port, page.path, page.signedIn ? cookie : undefined));
    measured.push(...samples);
    const median = medianRun(samples);
    const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
    console.log(
      `  ${page.path.padEnd(16)} perf ${String(median.perf).padStart(3)}  FCP ${Math.round(median.fcpMs)} ms  LCP ${Math.round(median.lcpMs)} ms  TBT ${Math.round(median.tbtMs)} ms  main thread ${Math.round(median.mainThreadMs)} ms (script ${Math.round(median.bootupMs)} ms)  script ${kb(median.scriptSentBytes)} sent, ${kb(median.scriptBytes)} run  (scores ${samples.map((sample) => sample.perf).join(', ')})`,
    );
    summary.push(
      `${page.name}_perf=${median.perf} ${page.name}_lcp_ms=${Math.round(median.lcpMs)} ${page.name}_tbt_ms=${Math.round(median.tbtMs)} ${page.name}_script_kb=${Math.round(median.scriptBytes / 1000)}`,
    );
  }
  // The simulated 4x CPU slows the trace this machine's Chromium recorded: TBT moves with the
  // machine's speed and with the browser's build, so figures compare only at a similar index and the
  // same Chromium.
  const indexes = measured.map((sample) => sample.benchmarkIndex).sort((a, b) => a - b);
  const benchmarkIndex = Math.round(indexes[Math.floor(indexes.length / 2)] ?? 0);
  const chromeMajor = measured[0]?.chromeMajor ?? 'unknown';
  console.log(
    `Lighthouse's benchmark index of this machine: ${benchmarkIndex} (median of every run), Chromium ${chromeMajor}`,
  );
  console.log(
    `load average: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `lighthouse: runs=${runs} ${summary.join(' ')} benchmark_index=${benchmarkIndex} chrome=${chromeMajor}`,
  );
} finally {
  chrome.kill();
  stop();
}

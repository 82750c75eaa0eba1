// Budget check: the JavaScript a player's phone downloads to show `/` must stay within 100 KB, in
// decimal units: 100,000 bytes, counted as the server really sends it.
// Measured for real: the built app is served by the server and loaded in Chromium, which asks for
// Brotli and gzip as a phone's browser does; every script's body is counted in the bytes that crossed
// the network (and must have come compressed). Prints the figures; exits 1 when a budget is exceeded.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';

const BUDGET_BYTES = 100_000;
const port = 3390;
const baseUrl = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'playon-budget-'));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const exactly = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes`;
const budget = `${BUDGET_BYTES / 1000} KB (${exactly(BUDGET_BYTES)})`;

const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The server did not become healthy within 60 seconds.');
}

async function measureHome(): Promise<Array<{ url: string; sent: number; encoding: string | undefined }>> {
  const browser = await chromium.launch(chromiumLaunch);
  // An English phone: the Kiswahili chunks must not come down for it.
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'en-KE' });
  const scripts: Array<Promise<{ url: string; sent: number; encoding: string | undefined }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({
          url: new URL(response.url()).pathname,
          sent: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'],
        })),
    );
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  const measured = await Promise.all(scripts);
  await browser.close();
  return measured;
}

/** The scripts an English phone loads on the screens that follow `/` (login and its router). */
async function scriptsOfLogin(): Promise<string[]> {
  const browser = await chromium.launch(chromiumLaunch);
  const page = await browser.newPage({ viewport: { width: 360, height: 740 }, locale: 'en-KE' });
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await browser.close();
  return urls;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const isOpsSource = (key: string) => key.startsWith('src/features/ops/');

/**
 * The operator console is no part of a player's bundle: walking the build's manifest from
 * the entry, through every static and lazy import except the console's own routes, reaches no chunk
 * that holds any console code (vite.config.ts puts each such chunk in assets/ops/). Answers what a
 * player could load that it should not, and the console's chunks, which must exist for the check to mean anything.
 */
function playerReachesConsole(): { leaked: string[]; consoleChunks: number } {
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const queue = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    queue.push(
      ...(chunk.imports ?? []),
      ...(chunk.dynamicImports ?? []).filter((next) => !isOpsSource(next)),
    );
  }
  const leaked = [...seen]
    .map((key) => manifest[key]?.file ?? key)
    .filter((file) => file.startsWith('assets/ops/'));
  const consoleChunks = Object.values(manifest).filter((chunk) =>
    chunk.file.startsWith('assets/ops/'),
  ).length;
  return { leaked, consoleChunks };
}

const localeSources = ['src/lib/locales/sw.ts', 'src/lib/locales/sw-welcome.ts'];

/** The Kiswahili chunks the service worker precaches (none: a Kiswahili phone keeps each at first use). */
function kiswahiliPrecached(files: string[]): string[] {
  const worker = readFileSync('apps/web/dist/sw.js', 'utf8');
  return files.filter((file) => worker.includes(`"${file}"`) || worker.includes(`'${file}'`));
}

/**
 * The Kiswahili texts are chunks of their own, loaded by dynamic import only (ADR 0033): none is the
 * entry's, none is among the static imports the HTML or a lazy chunk preloads with it. Answers the
 * chunks' files and any that is reached statically.
 */
function kiswahiliChunks(): { files: string[]; preloaded: string[] } {
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = localeSources.map((source) => manifest[source]?.file).filter((file) => file !== undefined);
  const preloaded = Object.values(manifest).flatMap((chunk) =>
    (chunk.imports ?? [])
      .filter((key) => localeSources.includes(key))
      .map((key) => `${chunk.file} imports ${key}`),
  );
  const html = readFileSync('apps/web/dist/index.html', 'utf8');
  for (const file of files) if (html.includes(file)) preloaded.push(`index.html names ${file}`);
  // The server's per-screen preloads (the build's list of each first screen's chunks).
  const routePreloads = 'apps/web/dist/.vite/route-preloads.json';
  const perScreen = existsSync(routePreloads) ? readFileSync(routePreloads, 'utf8') : '';
  for (const file of files) if (perScreen.includes(file)) preloaded.push(`route-preloads.json names ${file}`);
  return { files, preloaded };
}

/** What the service worker's precache downloads: every player chunk, as the server sends it (Brotli). */
function allBuiltJavaScript(): number {
  const assets = 'apps/web/dist/assets';
  // The operator console's chunks (assets/ops/, a folder this lists as no .js) are never a player's download.
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => {
      const twin = join(assets, `${file}.br`);
      return sum + (existsSync(twin) ? statSync(twin).size : readFileSync(join(assets, file)).length);
    }, 0);
}

/**
 * The files the first screens run carry V8's compile hint on their first line (ADR 0045), as the
 * server sends them: `/`'s chunks (not the service worker's 0.1 KB registration) and every chunk
 * route-preloads.json names. Answers those without.
 */
async function withoutCompileHint(homeScripts: string[]): Promise<string[]> {
  const routePreloads = JSON.parse(readFileSync('apps/web/dist/.vite/route-preloads.json', 'utf8')) as Record<
    string,
    string[]
  >;
  const files = new Set([
    ...homeScripts,
    ...Object.values(routePreloads).flatMap((list) => list.map((file) => `/${file}`)),
  ]);
  const missing: string[] = [];
  for (const file of files) {
    const body = await (await fetch(`${baseUrl}${file}`, { headers: { 'Accept-Encoding': 'br' } })).text();
    if (!body.startsWith('//# allFunctionsCalledOnLoad\n')) missing.push(file);
  }
  return missing;
}

try {
  await waitForHealth();
  const scripts = await measureHome();
  const total = scripts.reduce((sum, script) => sum + script.sent, 0);
  for (const script of scripts)
    console.log(
      `  ${kb(script.sent).padStart(9)}  ${(script.encoding ?? 'uncompressed').padEnd(12)} ${script.url}`,
    );
  console.log(
    `JavaScript loaded by /: ${kb(total)} (${exactly(total)}) as sent, in ${scripts.length} files (budget ${budget})`,
  );
  console.log(
    `All built JavaScript (precached by the service worker): ${kb(allBuiltJavaScript())} as sent (Brotli)`,
  );
  const uncompressed = scripts.filter((script) => script.encoding !== 'br' && script.encoding !== 'gzip');
  if (uncompressed.length > 0) {
    console.error(`Sent uncompressed: ${uncompressed.map((script) => script.url).join(', ')}`);
    process.exitCode = 1;
  }
  if (scripts.length === 0) throw new Error('No script was loaded: is apps/web built?');
  const console_ = playerReachesConsole();
  console.log(
    `Operator console: ${console_.consoleChunks} chunks in assets/ops/, ${console_.leaked.length} reachable from a player's routes`,
  );
  if (console_.consoleChunks === 0)
    throw new Error('No operator console chunk in assets/ops/: is the split in vite.config.ts gone?');
  if (console_.leaked.length > 0) {
    console.error(`A player's routes reach the operator console: ${console_.leaked.join(', ')}`);
    process.exitCode = 1;
  }
  if (scripts.some((script) => script.url.startsWith('/assets/ops/'))) {
    console.error('/ loaded a chunk of the operator console.');
    process.exitCode = 1;
  }
  const kiswahili = kiswahiliChunks();
  const loginScripts = await scriptsOfLogin();
  const loadedInEnglish = [...scripts.map((script) => script.url), ...loginScripts].filter((url) =>
    kiswahili.files.some((file) => url === `/${file}`),
  );
  // The service worker's precache downloads every file it lists on any phone, English included.
  const precached = kiswahiliPrecached(kiswahili.files);
  console.log(
    `Kiswahili texts: ${kiswahili.files.length} chunks of their own (${kiswahili.files.join(', ')}), ` +
      `${kiswahili.preloaded.length} preloaded, ${loadedInEnglish.length} loaded by an English phone on / and /login, ${precached.length} precached`,
  );
  if (kiswahili.files.length !== localeSources.length)
    throw new Error(
      'The Kiswahili texts are no chunks of their own: is their dynamic import in i18n.ts gone?',
    );
  if (kiswahili.preloaded.length > 0 || loadedInEnglish.length > 0 || precached.length > 0) {
    console.error(
      `An English player downloads Kiswahili: ${[...kiswahili.preloaded, ...loadedInEnglish, ...precached].join(', ')}`,
    );
    process.exitCode = 1;
  }
  const unhinted = await withoutCompileHint(
    scripts.map((script) => script.url).filter((url) => url.startsWith('/assets/')),
  );
  console.log(`First screens' files without V8's compile hint: ${unhinted.length}`);
  if (unhinted.length > 0) {
    console.error(`Compiled lazily on the main thread: ${unhinted.join(', ')}`);
    process.exitCode = 1;
  }
  if (total > BUDGET_BYTES) {
    console.error(`Budget of ${budget} exceeded by ${exactly(total - BUDGET_BYTES)}.`);
    process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

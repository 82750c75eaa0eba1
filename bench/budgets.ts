// Budget check: the bytes a player's phone downloads to show each first screen, in decimal units, counted
// as the server really sends them. `/` must stay within 100 KB of JavaScript; the other first screens
// (`/login` as a new visitor, `/dashboard` and `/account/wallet` as a signed-in player in a new tab)
// within their own limits, set at what they measured when React became the runtime (ADR 0062).
// Measured for real: the built app is served by the server and loaded in Chromium, which asks for
// Brotli and gzip as a phone's browser does; every script's body is counted in the bytes that crossed
// the network (and must have come compressed), the page's HTML beside it. Prints the figures; exits 1
// when a budget is exceeded.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { startAppServer } from './support/app-server.ts';

/**
 * Per first screen, the most JavaScript it may download until the network is idle, as sent. `/` keeps
 * its 100 KB; the others are what React DOM (58 KB) left them at, to the next kilobyte (ADR 0062).
 * `/login` moved from 125 to 126 KB when challenges, offline play and first-screen answers came
 * together: their routes, the offline list's loader and the page answers' reader are on every first
 * screen (docs/benchmarks.md, "Bytes per first screen").
 */
const BUDGETS: Record<string, number> = {
  '/': 100_000,
  '/login': 126_000,
  '/dashboard': 127_000,
  '/account/wallet': 127_000,
};
const SIGNED_IN = new Set(['/dashboard', '/account/wallet']);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const exactly = (bytes: number) => `${bytes.toLocaleString('en-US')} bytes`;

// BUDGETS_PORT: another port, when something else already listens on 3390.
const { baseUrl, completePlayer, stop } = await startAppServer(
  Number(process.env.BUDGETS_PORT ?? 3390),
  'budget',
);

interface Sent {
  url: string;
  sent: number;
  encoding: string | undefined;
}

/**
 * The scripts an English phone downloads to show `path` (a new tab: nothing cached), and its HTML, as
 * sent. `cookie` is a signed-in player's session.
 */
async function measureScreen(path: string, cookie?: string): Promise<{ scripts: Sent[]; html: number }> {
  const browser = await chromium.launch(chromiumLaunch);
  // An English phone: the Kiswahili chunks must not come down for it.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-KE' });
  if (cookie)
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name = '', ...value] = pair.split('=');
        return { name, value: value.join('='), url: baseUrl };
      }),
    );
  const page = await context.newPage();
  const scripts: Array<Promise<Sent>> = [];
  let html: Promise<number> = Promise.resolve(0);
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const sizes = response.request().sizes();
    if (type === 'document') html = sizes.then((size) => size.responseBodySize);
    if (type !== 'script') return;
    scripts.push(
      sizes.then((size) => ({
        url: new URL(response.url()).pathname,
        sent: size.responseBodySize,
        encoding: response.headers()['content-encoding'],
      })),
    );
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  const finalPath = new URL(page.url()).pathname;
  if (finalPath !== path) throw new Error(`${path} ended on ${finalPath}: is the player signed in?`);
  const measured = { scripts: await Promise.all(scripts), html: await html };
  await browser.close();
  return measured;
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
  const { cookie } = await completePlayer();
  const screens: Array<{ path: string; scripts: Sent[]; total: number; html: number }> = [];
  for (const path of Object.keys(BUDGETS)) {
    const { scripts, html } = await measureScreen(path, SIGNED_IN.has(path) ? cookie : undefined);
    const total = scripts.reduce((sum, script) => sum + script.sent, 0);
    screens.push({ path, scripts, total, html });
    console.log(`${path}:`);
    for (const script of scripts)
      console.log(
        `  ${kb(script.sent).padStart(9)}  ${(script.encoding ?? 'uncompressed').padEnd(12)} ${script.url}`,
      );
  }
  console.log('Bytes each first screen downloads, as sent (an English phone, nothing cached):');
  for (const { path, scripts, total, html } of screens)
    console.log(
      `  ${path.padEnd(16)} JavaScript ${kb(total).padStart(8)} (${exactly(total)}) in ${scripts.length} files, budget ${kb(BUDGETS[path] ?? 0)}; HTML ${kb(html)}`,
    );
  console.log(
    `All built JavaScript (precached by the service worker): ${kb(allBuiltJavaScript())} as sent (Brotli)`,
  );
  const allScripts = screens.flatMap((screen) => screen.scripts);
  const uncompressed = allScripts.filter((script) => script.encoding !== 'br' && script.encoding !== 'gzip');
  if (uncompressed.length > 0) {
    console.error(`Sent uncompressed: ${uncompressed.map((script) => script.url).join(', ')}`);
    process.exitCode = 1;
  }
  if (screens.some((screen) => screen.scripts.length === 0))
    throw new Error('A first screen loaded no script: is apps/web built?');
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
  if (allScripts.some((script) => script.url.startsWith('/assets/ops/'))) {
    console.error('A first screen loaded a chunk of the operator console.');
    process.exitCode = 1;
  }
  const kiswahili = kiswahiliChunks();
  const loadedInEnglish = allScripts
    .map((script) => script.url)
    .filter((url) => kiswahili.files.some((file) => url === `/${file}`));
  // The service worker's precache downloads every file it lists on any phone, English included.
  const precached = kiswahiliPrecached(kiswahili.files);
  console.log(
    `Kiswahili texts: ${kiswahili.files.length} chunks of their own (${kiswahili.files.join(', ')}), ` +
      `${kiswahili.preloaded.length} preloaded, ${loadedInEnglish.length} loaded by an English phone on a first screen, ${precached.length} precached`,
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
  const home = screens.find((screen) => screen.path === '/')?.scripts ?? [];
  const unhinted = await withoutCompileHint(
    home.map((script) => script.url).filter((url) => url.startsWith('/assets/')),
  );
  console.log(`First screens' files without V8's compile hint: ${unhinted.length}`);
  if (unhinted.length > 0) {
    console.error(`Compiled lazily on the main thread: ${unhinted.join(', ')}`);
    process.exitCode = 1;
  }
  for (const { path, total } of screens) {
    const limit = BUDGETS[path] ?? 0;
    if (total <= limit) continue;
    console.error(
      `${path}: budget of ${kb(limit)} (${exactly(limit)}) exceeded by ${exactly(total - limit)}.`,
    );
    process.exitCode = 1;
  }
} finally {
  stop();
}

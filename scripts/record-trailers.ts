// Records each demo game's trailer: games/<slug>/trailer.mp4 (H.264, 640 x 360, at most 400 KB) and
// games/<slug>/trailer.webp (its poster). Run by hand when a game's look changes, never in CI or tests:
//   npx node scripts/record-trailers.ts [slug ...]
// Needs Debian's Chromium at /usr/bin/chromium and ffmpeg (`apt-get install ffmpeg`); ffmpeg is needed
// only to re-record, never to build, test or run PlayOn.
//
// How: a PlayOn server on a temporary data directory serves the games; Chromium opens each one at a
// landscape size under Playwright's fake clock, presses the keys that scripts/trailer-plans.ts planned
// with the game's own simulation, and screenshots the play area (below the game's header) every 1/30 s
// of game time. ffmpeg encodes the screenshots. The page's time moves only when the script moves it,
// so a loaded machine records the same clip as an idle one.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunch } from '../playwright.config.ts';
import { type Plan, planMatatu, planSnake, planTileMerge } from './trailer-plans.ts';

const CLIP_S = 10;
const FPS = 30;
const MAX_BYTES = 400_000;
/**
 * The trailer frame is 853 by 480 (docs/product.md, "Game details screen"): the game is played at
 * that size, below its header.
 */
const PLAY_AREA = { width: 854, height: 480 };
const VIEWPORT = { width: 854, height: 560 };
const FRAME_MS = 1000 / 60;
const SEED_KEY = 'playon-trailer-seed';
const keys = { up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' } as const;

const root = join(import.meta.dirname, '..');
const port = Number(process.env.TRAILER_PORT ?? 3430);
const baseUrl = `http://localhost:${port}`;
const work = mkdtempSync(join(tmpdir(), 'playon-trailers-'));

interface Game {
  slug: string;
  hasStartPanel: boolean;
  plan: (page: Page) => Promise<Plan>;
}
const frames = CLIP_S * 60 + 30;
const games: Game[] = [
  { slug: 'matatu-rush', hasStartPanel: true, plan: () => planMatatu(frames) },
  {
    slug: 'savanna-snake',
    hasStartPanel: true,
    plan: async (page) => {
      const { gridFor } = (await import(pathToFileURL(join(root, 'games/savanna-snake/snake.js')).href)) as {
        gridFor: (width: number, height: number) => { cols: number; rows: number };
      };
      const field = await page.locator('#field').evaluate((el) => [el.clientWidth, el.clientHeight]);
      return planSnake(frames, gridFor(field[0] ?? 0, field[1] ?? 0));
    },
  },
  { slug: 'tile-merge', hasStartPanel: false, plan: () => planTileMerge(frames) },
];

async function startServer() {
  const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseUrl, DATA_DIR: join(work, 'data') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  throw new Error('the server did not become healthy within 60 seconds');
}

/** Plays the planned run, one screenshot of the play area every 1/FPS s of game time, into `dir`. */
async function playRun(page: Page, game: Game, dir: string) {
  // A practice round's seed comes from crypto.getRandomValues: the init script pins it to the planned one.
  const plan = await game.plan(page);
  await page.evaluate(({ key, seed }) => sessionStorage.setItem(key, seed), {
    key: SEED_KEY,
    seed: String(plan.seed),
  });
  await page.reload();
  const top = Math.round(await page.locator('#stage').evaluate((el) => el.getBoundingClientRect().top));
  if (top + PLAY_AREA.height > VIEWPORT.height) throw new Error(`${game.slug}: the header is too tall`);
  const clip = { x: 0, y: top, ...PLAY_AREA };
  // Paused before the run starts: from here the page's time moves only when the script moves it, so
  // every run is the same whatever the machine's load.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  if (game.hasStartPanel) await page.getByRole('button', { name: 'Start' }).click();
  let pressed = 0;
  let virtualMs = 0;
  for (let shot = 1; shot <= CLIP_S * FPS; shot++) {
    const target = Math.round((shot * 1000) / FPS);
    for (; pressed < plan.inputs.length; pressed++) {
      const [frame, input] = plan.inputs[pressed] as [number, keyof typeof keys];
      const at = Math.round(frame * FRAME_MS);
      if (at > target) break;
      await page.clock.runFor(Math.max(0, at - virtualMs));
      virtualMs = Math.max(virtualMs, at);
      await page.keyboard.press(keys[input]);
    }
    await page.clock.runFor(target - virtualMs);
    virtualMs = target;
    await page.screenshot({ path: join(dir, `${String(shot).padStart(4, '0')}.png`), clip });
  }
  const shown = await page.getByTestId('score').textContent();
  console.log(`${game.slug}: ${shown} points at the end of the clip (${plan.score} at the end of the plan)`);
}

function encode(dir: string, slug: string) {
  const out = join(root, 'games', slug);
  const frames = ['-framerate', String(FPS), '-i', join(dir, '%04d.png')];
  const scale = 'scale=640:360:flags=lanczos';
  for (const crf of [26, 30, 34, 38]) {
    execFileSync('ffmpeg', [
      ...['-loglevel', 'error', '-y', ...frames, '-vf', scale, '-an', '-c:v', 'libx264'],
      ...['-profile:v', 'main', '-pix_fmt', 'yuv420p', '-preset', 'veryslow', '-crf', String(crf)],
      ...['-movflags', '+faststart', join(out, 'trailer.mp4')],
    ]);
    if (statSync(join(out, 'trailer.mp4')).size <= MAX_BYTES) break;
  }
  // The poster is the clip's first frame: the tap that plays it changes nothing else on the screen.
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', join(dir, '0001.png'), '-vf', scale],
    ...['-c:v', 'libwebp', '-quality', '70', join(out, 'trailer.webp')],
  ]);
  const size = (file: string) => `${(statSync(join(out, file)).size / 1000).toFixed(1)} KB`;
  console.log(`${slug}: trailer.mp4 ${size('trailer.mp4')}, trailer.webp ${size('trailer.webp')}`);
  if (statSync(join(out, 'trailer.mp4')).size > MAX_BYTES)
    throw new Error(`${slug}: the trailer is over 400 KB`);
}

const wanted = process.argv.slice(2);
const server = await startServer();
const browser = await chromium.launch(chromiumLaunch);
try {
  for (const game of games.filter((g) => wanted.length === 0 || wanted.includes(g.slug))) {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript((key) => {
      const seed = Number(sessionStorage.getItem(key));
      if (!seed) return;
      crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
        if (array instanceof Uint32Array) array.fill(seed);
        return array;
      };
    }, SEED_KEY);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${baseUrl}/play/${game.slug}/`);
    const dir = join(work, game.slug);
    mkdirSync(dir);
    await playRun(page, game, dir);
    await context.close();
    encode(dir, game.slug);
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(work, { recursive: true, force: true });
}

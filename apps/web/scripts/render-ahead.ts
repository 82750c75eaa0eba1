// After `vite build`: renders the first screens ahead (ADR 0062) and writes their pages to
// dist/.vite/rendered-ahead.json, per path and language, for the server to send a visitor with no
// session (platform/web-app.ts). The app's own modules render them (src/app/render-ahead.tsx), loaded
// through Vite as the build compiles them, in a jsdom window at the page's address with a first
// visitor's empty storage: they touch the page (its language, the install offer) as they load.
import { readFileSync, writeFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

const dist = new URL('../dist/', import.meta.url).pathname;
const template = readFileSync(`${dist}index.html`, 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');

/**
 * index.html as a page rendered ahead sends it: in its language, and naming as modulepreloads only
 * what the entry imports, which runs before the first paint. React and the first screen's code come
 * after that paint (main.tsx): the screen needs neither to show.
 */
function pageTemplate(language: string): string {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[] }
  >;
  const entryImports = new Set<string>();
  const queue = Object.values(manifest).filter((chunk) => chunk.isEntry);
  for (let chunk = queue.pop(); chunk; chunk = queue.pop())
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || entryImports.has(imported.file)) continue;
      entryImports.add(imported.file);
      queue.push(imported);
    }
  return template
    .replace('<html lang="en">', `<html lang="${language}">`)
    .replaceAll(/\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">/g, (link, file: string) =>
      entryImports.has(file) ? link : '',
    );
}

const { window } = new JSDOM('<!doctype html><html lang="en"><body><div id="root"></div></body></html>', {
  url: 'http://localhost/',
});
// The window's names the app's modules use (document, localStorage, HTMLElement...) where Node has
// none of its own.
for (const name of Object.getOwnPropertyNames(window))
  if (!(name in globalThis))
    Object.defineProperty(globalThis, name, {
      configurable: true,
      value: window[name as keyof typeof window],
    });

const vite = await createServer({
  root: new URL('..', import.meta.url).pathname,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  plugins: [react()],
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { renderFirstScreensAhead } = (await vite.ssrLoadModule(
    '/src/app/render-ahead.tsx',
  )) as typeof import('../src/app/render-ahead.tsx');
  const roots = await renderFirstScreensAhead();
  const pages = Object.fromEntries(
    Object.entries(roots).map(([path, byLanguage]) => [
      path,
      Object.fromEntries(
        Object.entries(byLanguage).map(([language, root]) => [
          language,
          pageTemplate(language).replace('<div id="root"></div>', root),
        ]),
      ),
    ]),
  );
  writeFileSync(`${dist}.vite/rendered-ahead.json`, JSON.stringify(pages));
  console.log(
    `rendered ahead: ${Object.keys(pages).join(', ')} in ${Object.keys(roots['/'] ?? {}).join(', ')}`,
  );
} finally {
  await vite.close();
  window.close();
}

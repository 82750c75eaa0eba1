import { basename } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** V8's magic comment for a file whose functions all run on load; it must be the file's first line. */
export const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad';

/** Every node `next` leads to from `roots`, the roots included: a chunk's imports, a module's. */
function reachable(roots: string[], next: (node: string) => readonly string[] | undefined): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const node = queue.pop() as string;
    if (seen.has(node)) continue;
    seen.add(node);
    queue.push(...(next(node) ?? []));
  }
  return seen;
}

/**
 * The chunks of the first screens, by hand. Left to the automatic split, /dashboard needed
 * 47 files: over HTTP/1.1 a browser opens 6 connections to a host, so on slow 4G those files came
 * about eight round trips deep. Instead:
 * - `boot`: what the entry runs before React (the first screen's requests and chunk preloads), beside
 *   the entry's own module (automatically, it came in a dozen small files, most of them shared with
 *   lazy screens);
 * - `start`: what the entry's `app` (start-app.tsx) reaches beyond that, React aside: the render and
 *   the welcome page, which `/` shows without the router. The HTML names it and everything it
 *   imports as modulepreloads, so it comes with the entry although the entry loads it dynamically;
 * - `first-screens`: everything the router's layouts and guards reach (`shell`), and whatever two of
 *   the first screens share but a module with zod schemas (left to the automatic split, so only the
 *   screens that use it load zod);
 * - one chunk per first screen with what it alone reaches, so the login form's validation (zod) is
 *   not the dashboard's download.
 * What the entry runs and the libraries with groups of their own (React, the router, zod) stay out.
 * A screen then needs the entry, React, the router, `first-screens` and its own file; deeper screens
 * still load their code lazily, as split automatically.
 */
export function firstScreensChunks({
  app,
  shell,
  screens,
  preloads,
}: {
  /** The module the entry imports dynamically once its requests are out: React's part of the boot. */
  app: string;
  shell: string[];
  screens: string[];
  /** Per path, the modules its screen needs beyond the entry (layouts, guards, the screen). */
  preloads: Record<string, string[]>;
}) {
  const ownGroup = /node_modules[\\/](react|react-dom|scheduler|react-router|zod)[\\/]/;
  const chunkOf = new Map<string, string>();
  /** The chunks the first screens run, known once the bundle is: the HTML's and each screen's. */
  let runFirst = new Set<string>();

  /** The chunks every page needs: the entry's and the app's, with all they import statically. */
  const pageChunks = (bundle: Rolldown.OutputBundle) => {
    const chunks = Object.values(bundle).filter(
      (file): file is Rolldown.OutputChunk => file.type === 'chunk',
    );
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const closure = (files: string[]) => reachable(files, (file) => byFile.get(file)?.imports);
    // Its facade, or the chunk holding it once the facade is gone (past-facades.ts).
    const appChunk =
      chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${app}`)) ??
      chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/${app}`)));
    if (!appChunk) throw new Error(`first-screens chunks: no chunk starts with ${app}`);
    const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
    const inEntry = closure(entries);
    // Largest first: over six connections the longest download starts first and ends no later.
    const largestFirst = (a: string, b: string) =>
      (byFile.get(b)?.code.length ?? 0) - (byFile.get(a)?.code.length ?? 0) || a.localeCompare(b);
    const forApp = [...closure([appChunk.fileName])].filter((file) => !inEntry.has(file)).sort(largestFirst);
    return { chunks, closure, largestFirst, inHtml: new Set([...inEntry, ...forApp]), forApp };
  };

  const plugin: Plugin = {
    name: 'playon-first-screens-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return pageChunks(context.bundle).forApp.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
    /**
     * `.vite/route-preloads.json`: per path, every chunk its screen needs that the HTML does not name
     * already. The server lists them in that path's HTML as modulepreloads, so they come alongside the
     * entry instead of one round trip after it has run (platform/web-app.ts).
     */
    generateBundle(_options, bundle) {
      const { chunks, closure, largestFirst, inHtml } = pageChunks(bundle);
      const chunkOfModule = (path: string) => {
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/${path}`)) ??
          chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(`/${path}`)));
        if (!chunk) throw new Error(`route preloads: no chunk holds ${path}`);
        return chunk.fileName;
      };
      const routes = Object.fromEntries(
        Object.entries(preloads).map(([path, modules]) => [
          path,
          [...closure(modules.map(chunkOfModule))].filter((file) => !inHtml.has(file)).sort(largestFirst),
        ]),
      );
      runFirst = new Set([...inHtml, ...Object.values(routes).flat()]);
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const staticClosure = (roots: string[]) => reachable(roots, (id) => info(id)?.importedIds);
      const find = (path: string) => {
        const id = ids.find((candidate) => candidate.endsWith(`/${path}`));
        if (!id) throw new Error(`first-screens chunks: ${path} is not in the build`);
        return id;
      };
      const entries = ids.filter((id) => info(id)?.isEntry);
      const entry = staticClosure(entries);
      // The entry's script itself (main.tsx, which index.html names) stays the entry chunk.
      const isEntryScript = (id: string) =>
        entries.includes(id) || (info(id)?.importers ?? []).some((importer) => entries.includes(importer));
      const isFree = (id: string) => !entry.has(id) && !ownGroup.test(id) && chunkOf.get(id) !== 'start';

      chunkOf.clear();
      for (const id of entry) if (!isEntryScript(id) && !ownGroup.test(id)) chunkOf.set(id, 'boot');
      const appId = find(app);
      for (const id of staticClosure([appId]))
        if (!entry.has(id) && !ownGroup.test(id)) chunkOf.set(id, 'start');
      const shellModules = staticClosure(shell.map(find));
      for (const id of shellModules) if (isFree(id)) chunkOf.set(id, 'first-screens');
      const screensOf = new Map<string, string[]>();
      for (const screen of screens)
        for (const id of staticClosure([find(screen)]))
          if (isFree(id) && !shellModules.has(id)) screensOf.set(id, [...(screensOf.get(id) ?? []), screen]);
      const usesZod = (id: string) =>
        (info(id)?.importedIds ?? []).some((dep) => /node_modules[\\/]zod[\\/]/.test(dep));
      for (const [id, owners] of screensOf) {
        if (owners.length === 1) chunkOf.set(id, basename(owners[0] as string).replace(/\.tsx?$/, ''));
        // A shared module with schemas (payments.ts for the wallet's screens) would bring zod to all.
        else if (!usesZod(id)) chunkOf.set(id, 'first-screens');
      }
    },
  };

  /**
   * V8's explicit compile hint (Chrome 136 and later) on the files the first screens run: every
   * function in them is compiled on the background thread that parses the download, instead of on the
   * main thread at its first call, which was a third of the main thread's work once the router had
   * arrived (ADR 0045). A first screen runs almost all of these files; lazy chunks stay lazy. Last of
   * the hooks, after Vite has put its preload map at the top: the hint must be the first line.
   */
  const compileHints: Plugin = {
    name: 'playon-first-screens-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle))
          if (file.type === 'chunk' && runFirst.has(file.fileName))
            file.code = `${COMPILE_ALL_ON_LOAD}\n${file.code}`;
      },
    },
  };

  // Only the modules named (no dependencies pulled in): what the entry runs stays out of the others.
  const group = {
    name: (id: string) => chunkOf.get(id) ?? null,
    test: (id: string) => chunkOf.has(id),
    includeDependenciesRecursively: false,
  };

  return { plugin, compileHints, group };
}

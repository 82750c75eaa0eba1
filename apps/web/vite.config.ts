import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const backend = 'http://localhost:3000';

/**
 * With modulePreload off, Vite still wraps every `import()` in its preload helper (about 0.7 KB on
 * `/`), which then has no dependencies to preload. This swaps the helper for a plain call. A failed
 * chunk load still reaches the route's error boundary, which offers a reload.
 */
function noPreloadHelper(): Plugin {
  return {
    name: 'playon:no-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === '\0vite/preload-helper.js' ? id : undefined;
    },
    load(id) {
      return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : undefined;
    },
  };
}

/**
 * Vite's lazy-chunk preloading costs about 1 KB on `/`, whose budget is 100 KB of JavaScript, so it is
 * off (lazy chunks come from the service worker's precache after the first visit). This puts back
 * the preloads that matter for the first paint of `/`: the entry's imports and the welcome route.
 */
function preloadFirstPaint(): Plugin {
  return {
    name: 'playon:preload-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { chunk, bundle }) {
        const welcome = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' &&
            output.facadeModuleId?.endsWith('/features/welcome/routes/welcome.tsx'),
        );
        const files = new Set(chunk?.imports ?? []);
        if (welcome?.type === 'chunk')
          for (const file of [welcome.fileName, ...welcome.imports]) files.add(file);
        files.delete(chunk?.fileName ?? '');
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadFirstPaint(),
    noPreloadHelper(),
    VitePWA({
      // CSP is script-src 'self': the registration must be a file, never an inline script.
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      // The big PNG icons are for the launcher, not for offline screens: keep them out of the precache.
      includeManifestIcons: false,
      manifest: {
        name: 'PlayOn',
        short_name: 'PlayOn',
        description: 'Play games, join tournaments and hold a wallet in shillings.',
        theme_color: '#0b0f1a',
        background_color: '#0b0f1a',
        display: 'standalone',
        orientation: 'portrait',
        start_url: '/dashboard',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        navigateFallback: '/index.html',
        // The server owns these paths: a navigation to them must reach the network, never the shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /^\/media(\/|$)/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: {
    proxy: {
      '/api': backend,
      '/sandbox': backend,
      '/media': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // See preloadFirstPaint.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // One framework chunk: it compresses better than the default split (the 100 KB budget of `/`).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /rolldown:runtime|node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});

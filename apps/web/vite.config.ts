import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreensChunks } from './scripts/first-screens-chunk.ts';
import { lighterHead } from './scripts/lighter-head.ts';
import { onlyZodCallsZ } from './scripts/only-zod-calls-z.ts';
import { pastFacades } from './scripts/past-facades.ts';

const backend = 'http://localhost:3000';
// The console's code: its feature folder and the shared modules only it uses (ops.ts, ops-*.ts).
const opsModule = /[\\/]src[\\/]features[\\/]ops[\\/]|[\\/]shared[\\/]src[\\/]ops(-[a-z-]+)?\.ts$/;
// The Kiswahili texts (the app's locale and its parts in sw/, the welcome page's, the legal pages'): an
// English phone never downloads them, not even into the precache; a Kiswahili one keeps them once fetched.
const kiswahiliModule =
  /[\\/]src[\\/]lib[\\/]locales[\\/]sw(-welcome|[\\/][a-z-]+)?\.ts$|[\\/]features[\\/]legal[\\/]content[\\/][a-z-]+-sw\.ts$/;

const guarded = [
  'src/app/start-router.tsx',
  'src/app/providers-layout.tsx',
  // The providers import it (with the page's texts) before the first translated screen shows.
  'src/lib/i18n.ts',
  'src/app/require-auth.tsx',
  'src/app/require-complete-profile.tsx',
  // The no-internet screen: offline, a lazy chunk loads only from the service worker's precache, which
  // a first visit may not have yet; with the layouts, it is there when the network is not (1 KB).
  'src/features/offline/routes/no-internet.tsx',
];
const firstScreens = firstScreensChunks({
  app: 'src/app/start-app.tsx',
  shell: guarded,
  screens: [
    'src/features/auth/routes/login.tsx',
    'src/features/referral/routes/referral.tsx',
    'src/features/dashboard/routes/dashboard.tsx',
    'src/features/wallet/routes/wallet.tsx',
    'src/features/wallet/routes/amount.tsx',
  ],
  // As app/screens.ts names them for the entry's preloading: the server puts them in the HTML.
  preloads: {
    '/login': [
      'src/app/start-router.tsx',
      'src/app/providers-layout.tsx',
      'src/lib/i18n.ts',
      'src/features/auth/routes/login.tsx',
    ],
    '/register': [
      'src/app/start-router.tsx',
      'src/app/providers-layout.tsx',
      'src/lib/i18n.ts',
      'src/features/auth/routes/login.tsx',
    ],
    '/referral': [
      'src/app/start-router.tsx',
      'src/app/providers-layout.tsx',
      'src/lib/i18n.ts',
      'src/app/require-auth.tsx',
      'src/features/referral/routes/referral.tsx',
    ],
    '/dashboard': [...guarded, 'src/features/dashboard/routes/dashboard.tsx'],
    '/account/wallet': [...guarded, 'src/features/wallet/routes/wallet.tsx'],
    '/account/payment/amount': [...guarded, 'src/features/wallet/routes/amount.tsx'],
  },
});

export default defineConfig({
  plugins: [
    onlyZodCallsZ(),
    react(),
    // The console's lazy routes keep theirs: no player loads them, and the budget check proves that
    // by the console's route modules, which the build's manifest names through their facades.
    pastFacades({ keep: (file) => file.startsWith('assets/ops/') }),
    firstScreens.plugin,
    firstScreens.compileHints,
    tailwindcss(),
    VitePWA({
      // The entry registers the worker once the page has loaded (main.tsx): a file of its own was one
      // more request beside each first screen's code, and CSP (script-src 'self') forbids it inline.
      injectRegister: false,
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
        // The operator console is never a player's download, not even into the precache.
        globIgnores: ['assets/ops/**', 'assets/sw/**'],
        // The Kiswahili texts are not precached (an English phone would download them): a phone that
        // chose Kiswahili keeps each one the first time it loads, so it opens offline after that.
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/sw/'),
            handler: 'CacheFirst',
            options: { cacheName: 'playon-kiswahili', expiration: { maxEntries: 16 } },
          },
        ],
        navigateFallback: '/index.html',
        // The server owns these paths: a navigation to them must reach the network, never the shell.
        // /play holds the games themselves, opened in this window by 'Play now'.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sandbox(\/|$)/, /^\/media(\/|$)/, /^\/play(\/|$)/],
        cleanupOutdatedCaches: true,
        // The first visit's page too, once the worker is ready: a connection lost then still finds the
        // no-internet screen and the toasts in the precache.
        clientsClaim: true,
        // The games' trailers kept for offline, with Range requests answered from the kept file, live
        // in public/trailers-sw.js (first: its fetch listener answers before the generated routes);
        // The games and their SDK, kept the first time a game is opened so it plays offline (ADR 0065),
        // in public/games-sw.js; Web Push (showing a notification, opening its page on a tap) in
        // public/push-sw.js.
        importScripts: ['trailers-sw.js', 'games-sw.js', 'push-sw.js'],
      },
    }),
    lighterHead(new URL('public/favicon.svg', import.meta.url).pathname),
  ],
  server: {
    proxy: {
      '/api': backend,
      '/sandbox': backend,
      '/media': backend,
      '/play': backend,
      '/content': backend,
      '/ws': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The HTML preloads the entry's imports; a lazy chunk's imports load with it, not one round trip
    // after another on slow 4G. Every browser we target knows modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    // bench/budgets.ts walks it: no chunk a player can load holds the operator console.
    manifest: true,
    rolldownOptions: {
      // Building a zod schema changes nothing else: one no screen uses is left out, and with it the
      // library, from a chunk that only needs a constant or a function of the same shared module.
      // The hint matches the name, not the binding: onlyZodCallsZ fails the build if a library calls a
      // function of its own named `z`.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Every chunk with any of the operator console in it goes to assets/ops/, which the precache
        // skips and the budget check proves no player route reaches.
        chunkFileNames: (chunk) => {
          if (chunk.moduleIds.some((id) => opsModule.test(id))) return 'assets/ops/[name]-[hash].js';
          if (chunk.moduleIds.some((id) => kiswahiliModule.test(id))) return 'assets/sw/[name]-[hash].js';
          return 'assets/[name]-[hash].js';
        },
        // React (React DOM and its scheduler), then the router, each in one chunk: one file compresses
        // better than the default split, and it changes only on an upgrade, so a deploy does not send it
        // again. `/` loads React only (app/start-app.tsx); the router comes when the player leaves the
        // welcome page.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // Validation, in one file, for the forms and answers that need it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The console's api and components that two of its screens share, in one file: a screen
            // fetches it once instead of a dozen small ones, and the player's router lists fewer
            // console files among the lazy routes' dependencies.
            {
              name: 'ops-kit',
              test: /[\\/]src[\\/]features[\\/]ops[\\/](.+[\\/])?(api|components)[\\/]/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            firstScreens.group,
          ],
        },
      },
    },
  },
});

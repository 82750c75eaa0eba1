import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@playon/shared/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { firstScreenAnswers, pageAnswersScript } from './page-answers.ts';

const notTheWebApp = /^\/(api|media|sandbox|play|content)(\/|$)/;

/**
 * index.html per first screen, with a modulepreload for each chunk that screen needs beyond the entry
 * (the build lists them in .vite/route-preloads.json): they are asked for while the entry comes, not
 * one round trip after it has run. Other paths get the plain file.
 */
function pagesWithPreloads(webDistDir: string): Map<string, string> {
  const listPath = join(webDistDir, '.vite/route-preloads.json');
  if (!existsSync(listPath)) return new Map();
  const html = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const routes = JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(routes).map(([path, files]) => {
      const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
      return [path, html.replace('</head>', `${links}</head>`)];
    }),
  );
}

/**
 * Per path, per language, the page with the screen the build rendered ahead for a visitor with no
 * session (ADR 0062).
 */
function renderedAheadPages(webDistDir: string): Record<string, Record<string, string>> {
  const listPath = join(webDistDir, '.vite/rendered-ahead.json');
  if (!existsSync(listPath)) return {};
  return JSON.parse(readFileSync(listPath, 'utf8')) as Record<string, Record<string, string>>;
}

const hasSession = (cookie: string | undefined) =>
  /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(cookie ?? '');

/**
 * The language the web app will speak on this device: the one it chose (its cookie), else the
 * browser's, Kiswahili when any of its languages is, as `lib/language.ts` decides on a first visit.
 */
export function shellLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  const chosen = /(?:^|;\s*)playon_lang=(en|sw)(?:;|$)/.exec(cookie ?? '')?.[1];
  if (chosen) return chosen;
  const tags = (acceptLanguage ?? '').split(',').map((tag) => tag.trim().split(/[-;]/)[0]?.toLowerCase());
  return tags.includes('sw') ? 'sw' : 'en';
}

/**
 * Per path, the pictures its first screen shows largest for a signed-in player, as the server knows
 * them (the dashboard's first banner): the page asks for them with the HTML instead of once the
 * screen's code, the token and the data have come. Same-origin paths only.
 */
export type FirstPictures = Record<string, (language: string) => Promise<string[]>>;

async function pictureLinks(pictures: FirstPictures[string] | undefined, language: string): Promise<string> {
  if (!pictures) return '';
  const urls = await pictures(language).catch(() => []);
  return urls
    .filter((url) => url.startsWith('/') && !url.startsWith('//'))
    .map((url) => `<link rel="preload" as="image" fetchpriority="high" href="${url.replaceAll('"', '%22')}">`)
    .join('');
}

/**
 * Helmet's headers that only a document or a framed page reads. A script, a stylesheet, a
 * PNG or the manifest ignores them, yet on HTTP/1.1 they travelled with every one: about 750 bytes a
 * file, a tenth of what a signed-in first screen sends before it paints. Only the build's own files
 * of those kinds lose them; `nosniff`, the resource policy, HSTS and the referrer policy stay. The
 * service worker keeps its policy (a worker's CSP is its script's), and SVG and HTML keep them all:
 * either can be opened as a page.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const notADocument = /^(application\/javascript|text\/css|image\/(png|webp)|application\/manifest\+json)\b/;
const buildFile = /^\/(assets\/|icons\/|registerSW\.js$|manifest\.webmanifest$)/;

/** A signed-in visitor's access token, as `/api/auth/token` gives it (ADR 0040); null without a session. */
export type PageAccessToken = (cookie: string) => Promise<{ token: string; cookies: string[] } | null>;

/**
 * What a shared link's page shows in a chat app's preview (WhatsApp, SMS): Open Graph and Twitter
 * tags in the HTML the server sends, since a preview fetcher runs no JavaScript. `image` and `url`
 * are absolute; null for a path that has no preview.
 */
export interface PagePreview {
  title: string;
  description: string;
  image: string;
  url: string;
}
export type PagePreviews = (path: string, language: string) => Promise<PagePreview | null>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page with the preview's tags in its head and its title, every value escaped. */
export function withPreview(page: string, preview: PagePreview): string {
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'PlayOn'],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:image', preview.image],
    ['og:url', preview.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}">`)
    .concat(
      [
        ['twitter:card', 'summary_large_image'],
        ['twitter:title', preview.title],
        ['twitter:description', preview.description],
        ['twitter:image', preview.image],
      ].map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content ?? '')}">`),
    )
    .join('');
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(preview.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(preview.description)}">`,
    )
    .replace('</head>', `${tags}</head>`);
}

/** JWTs are base64url parts joined by dots: nothing else goes into the page. */
const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** Set-Cookie lines, the last of each cookie's name only: two answers that renewed one cookie send it once. */
function lastOfEachName(lines: string[]): string[] {
  const byName = new Map<string, string>();
  for (const line of lines) byName.set(line.slice(0, line.indexOf('=')), line);
  return [...byName.values()];
}

/**
 * The page with its screen rendered ahead, in the language the app will speak, so it paints with the
 * HTML and the app hydrates it; `page` for a visitor with a session, whom these screens send on
 * (ADR 0062).
 */
function sendRenderedAhead(
  request: FastifyRequest,
  reply: FastifyReply,
  page: string,
  renderedAhead: Record<string, string>,
) {
  reply.header('vary', 'Cookie, Accept-Language');
  const { cookie } = request.headers;
  const ahead = hasSession(cookie)
    ? undefined
    : renderedAhead[shellLanguage(cookie, request.headers['accept-language'])];
  return reply.type('text/html; charset=utf-8').send(ahead ?? page);
}

/**
 * Serves the built web app: precompressed, hashed assets cached for good, index.html never, and any unknown
 * non-API path answered with index.html so the app's router can take it. Unknown /api paths get
 * the 404 envelope.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  firstPictures: FirstPictures = {},
  accessToken?: PageAccessToken,
  previews?: PagePreviews,
) {
  const hasBuild = existsSync(join(webDistDir, 'index.html'));
  const preloadingPages = hasBuild ? pagesWithPreloads(webDistDir) : new Map<string, string>();
  const aheadPages = hasBuild ? renderedAheadPages(webDistDir) : {};
  const plainPage = hasBuild ? readFileSync(join(webDistDir, 'index.html'), 'utf8') : '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: false,
      // The build writes each asset's Brotli and gzip twins (apps/web/scripts/precompress.ts): sent as
      // the browser accepts them, with no compression work per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        const isHashedAsset = path.includes(`${join(webDistDir, 'assets')}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.addHook('onSend', async (request, reply) => {
      if (!buildFile.test(request.url.split('?')[0] ?? '')) return;
      if (!notADocument.test(String(reply.getHeader('content-type') ?? ''))) return;
      for (const header of documentOnlyHeaders) reply.removeHeader(header);
    });
    // With index: false the static handler refuses directories, `/` included: the app answers it.
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const ahead = aheadPages['/'];
      return ahead ? sendRenderedAhead(request, reply, plainPage, ahead) : reply.sendFile('index.html');
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (notTheWebApp.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', messages.routeNotFound);
    }
    if (!hasBuild) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The PlayOn web app is not built yet. Run `npm run build` (or `npm start`), then reload.\n');
    }
    reply.header('cache-control', 'no-cache');
    const page = preloadingPages.get(path);
    const ahead = aheadPages[path];
    if (page && ahead) return sendRenderedAhead(request, reply, page, ahead);
    const { cookie } = request.headers;
    if (page && cookie && hasSession(cookie)) {
      // A signed-in player's first screen: its access token in the page, so the screen's data leaves
      // with the entry instead of after a round trip for the token (ADR 0040), and, on the screens
      // that have one, what the screen asks first already answered for that token (ADR 0064). A page
      // holding a token is never stored, by the browser or anything between.
      const language = shellLanguage(cookie, request.headers['accept-language']);
      const [access, links] = await Promise.all([
        accessToken ? accessToken(cookie).catch(() => null) : null,
        pictureLinks(firstPictures[path], language),
      ]);
      const token = access && jwtShape.test(access.token) ? access.token : undefined;
      const answered = token
        ? await firstScreenAnswers(app, request, path, { cookie, token, language })
        : null;
      const tokenMeta = token ? `<meta name="playon-access-token" content="${token}">` : '';
      const cookies = lastOfEachName([...(access?.cookies ?? []), ...(answered?.cookies ?? [])]);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      reply.header('cache-control', token ? 'no-store' : 'no-cache');
      reply.header('vary', 'Cookie, Accept-Language');
      const answers = answered ? pageAnswersScript(answered.answers) : '';
      return reply
        .type('text/html; charset=utf-8')
        .send(page.replace('</head>', `${tokenMeta}${links}${answers}</head>`));
    }
    if (page) return reply.type('text/html; charset=utf-8').send(page);
    const preview = previews
      ? await previews(path, shellLanguage(cookie, request.headers['accept-language'])).catch(() => null)
      : null;
    if (preview) {
      reply.header('vary', 'Cookie, Accept-Language');
      return reply.type('text/html; charset=utf-8').send(withPreview(plainPage, preview));
    }
    return reply.sendFile('index.html');
  });
}

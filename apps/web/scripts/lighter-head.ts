import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MANIFEST_LINK = '<link rel="manifest" href="/manifest.webmanifest">';
const ICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';

/**
 * The page's head asks for nothing its first screen does not show. Over HTTP/1.1 a browser
 * opens six connections to a host; the tab's icon, the install manifest and the launcher icon Chrome
 * fetches with it took three of them while the first screen's code waited for one. So:
 * - the tab's icon is in the page, as a `data:` URL of `public/favicon.svg` (0.4 KB);
 * - the manifest link is not in the HTML: the entry adds it once the page has loaded and the browser
 *   has a moment (main.tsx), and Chrome then reads it for installing as before.
 * Fails the build when the HTML no longer has what it takes out, so a plugin's change is seen.
 */
export function lighterHead(faviconPath: string): Plugin {
  return {
    name: 'playon-lighter-head',
    apply: 'build',
    // After the PWA plugin's own post transform, which adds the manifest link (vite.config.ts lists
    // this plugin after it).
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(MANIFEST_LINK) || !html.includes(ICON_LINK))
          throw new Error(
            `lighter-head: index.html no longer holds the manifest or icon link it expects:\n${html}`,
          );
        const svg = readFileSync(faviconPath, 'utf8').trim().replaceAll('"', "'");
        const icon = `data:image/svg+xml,${encodeURIComponent(svg).replaceAll('%20', ' ').replaceAll('%3D', '=').replaceAll('%3A', ':').replaceAll('%2F', '/')}`;
        return html
          .replace(MANIFEST_LINK, '')
          .replace(ICON_LINK, `<link rel="icon" href="${icon}" type="image/svg+xml" />`);
      },
    },
  };
}

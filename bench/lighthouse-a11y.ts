// Lighthouse's accessibility score (100 on the welcome, login, dashboard and wallet screens)
// in English and Kiswahili, against the built app served by the server this starts (a temporary
// DATA_DIR; run `npm run build` first). Kiswahili: the browser's language is sw-KE (a first visit
// follows it) and the signed-in player's profile says 'sw' (which wins at sign-in). Prints each
// page's score and the audits that failed. Not a test: the e2e axe specs are what fail CI.
//
//   node bench/lighthouse-a11y.ts [port=3412] [languages=en,sw]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunch } from '../playwright.config.ts';
import { startAppServer } from './support/app-server.ts';

const port = Number(process.argv[2] ?? 3412);
const languages = (process.argv[3] ?? 'en,sw').split(',');
const pages = [
  { path: '/', isSignedIn: false },
  { path: '/login', isSignedIn: false },
  { path: '/dashboard', isSignedIn: true },
  { path: '/account/wallet', isSignedIn: true },
];

const { baseUrl, completePlayer, stop } = await startAppServer(port, 'lighthouse-a11y');

try {
  for (const language of languages) {
    const { cookie } = await completePlayer({ language });
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumLaunch.executablePath,
      chromeFlags: [
        '--headless=new',
        ...chromiumLaunch.args,
        `--lang=${language === 'sw' ? 'sw-KE' : 'en-KE'}`,
      ],
    });
    try {
      for (const { path, isSignedIn } of pages) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          ...(isSignedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { lhr } = result;
        const failed = Object.values(lhr.audits)
          .filter((audit) => audit.score === 0)
          .map((audit) => audit.id);
        const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
        console.log(
          `${language} ${path.padEnd(16)} accessibility ${score}${failed.length ? ` failed: ${failed.join(', ')}` : ''}`,
        );
      }
    } finally {
      chrome.kill();
    }
  }
} finally {
  stop();
}

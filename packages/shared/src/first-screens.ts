/**
 * The data a signed-in first screen shows first (its largest element waits on it: the dashboard's
 * banners and shelves, the wallet's balance and history): exactly the GETs the screens make (the web
 * app's features' api/ files). The server answers them into that screen's page for the session's
 * player, and the web app asks for them at boot only when the page holds no answer (ADR 0064).
 */
export const FIRST_SCREEN_DATA: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': [
    '/api/events',
    '/api/games/list?featured=true',
    '/api/profile/recent-games',
    '/api/profile/notifications',
  ],
  '/account/wallet': ['/api/wallets/balance', '/api/wallets/list', '/api/profile/notifications'],
};

/** An answer the server gave in the page, as the API would have sent it: its status and its body. */
export interface PageAnswer {
  status: number;
  body: unknown;
}

/**
 * What a signed-in first screen's page holds besides its access token (ADR 0040): the identity
 * service's session, the login check's profile and the screen's data, each answered for the player
 * whose session cookie asked for the page.
 */
export interface PageAnswers {
  /** The language they were asked in: the app takes them only when it speaks it. */
  language: string;
  session?: PageAnswer;
  login?: PageAnswer;
  data: Record<string, PageAnswer>;
}

/** The `id` of the page's `<script type="application/json">` that carries them. */
export const PAGE_ANSWERS_ID = 'playon-page-answers';

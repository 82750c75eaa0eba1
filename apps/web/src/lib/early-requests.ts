import { PAGE_ANSWERS_ID, type PageAnswer, type PageAnswers } from '@playon/shared/first-screens';
import { isSameSession } from './jwt-claims';
import { currentLanguage, languageHeaders } from './language';

/**
 * Requests a screen will make, sent before its code has arrived: the entry starts them at
 * boot, alongside the screen's chunks, instead of one round trip after those chunks have run. Each
 * answer is taken once, by the first caller that would have sent the same request, and only while
 * fresh; otherwise that caller sends its own. Only GETs whose answer depends on the session cookie
 * alone belong here (the session, the access token), and the login check made with the token that
 * answer carried; never one with a body.
 */
const FRESH_FOR_MS = 30_000;

interface Early {
  response: Promise<Response>;
  sentAt: number;
}

const sent = new Map<string, Early>();

/**
 * The answer with its body read at once: an answer nobody takes (the visitor went elsewhere) must
 * not hold its request open, which the browser would count as the page still loading.
 */
async function readNow(answer: Promise<Response>): Promise<Response> {
  const response = await answer;
  const body = await response.arrayBuffer();
  const hasNoBody = [101, 204, 205, 304].includes(response.status);
  return new Response(hasNoBody ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

export function sendEarly(path: string): void {
  if (sent.has(path)) return;
  const response = readNow(fetch(path, { headers: { Accept: 'application/json', ...languageHeaders() } }));
  // A failure here is the taker's to report, as if it had sent the request itself.
  response.catch(() => undefined);
  sent.set(path, { response, sentAt: Date.now() });
}

/**
 * The access token the server put in a signed-in player's page (ADR 0040), taken out of the page at
 * once and kept as the early answer to `/api/auth/token`: the login check and the screen's data then
 * leave as the entry runs, not one round trip later. A page without one (the service worker's copy,
 * a signed-out visit) changes nothing: the token is asked for as before.
 */
export function adoptPageToken(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="playon-access-token"]');
  if (!meta) return;
  meta.remove();
  if (!meta.content || sent.has('/api/auth/token')) return;
  sent.set('/api/auth/token', {
    response: answered({ status: 200, body: { token: meta.content } }),
    sentAt: Date.now(),
  });
}

/** An answer the page carried, as the request would have been answered (no reader asks its type). */
function answered({ status, body }: PageAnswer): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

/**
 * What the server answered into a signed-in player's page beside the token (ADR 0064): the session,
 * the login check and the first screen's data, kept as the early answers to those requests, so none
 * of them is sent and the screen's queries start from them as the app runs. Needs the page's token
 * (`adoptPageToken` first), with which the server asked for them; answers in another language than
 * the app speaks, or none at all (a page from the service worker's cache), change nothing: the
 * requests are sent as before.
 */
export function adoptPageAnswers(): void {
  const element = document.getElementById(PAGE_ANSWERS_ID);
  if (!element) return;
  element.remove();
  const token = tokenOfEarlyAnswer();
  let answers: PageAnswers;
  try {
    answers = JSON.parse(element.textContent ?? '') as PageAnswers;
  } catch {
    return;
  }
  if (!token || answers.language !== currentLanguage()) return;
  // At boot, with the element gone after this first call: nothing of these was sent before.
  const sentAt = Date.now();
  if (answers.session) sent.set('/api/auth/get-session', { response: answered(answers.session), sentAt });
  if (answers.login) loginCheck = { token, response: answered(answers.login), sentAt };
  for (const [path, answer] of Object.entries(answers.data ?? {})) {
    sentWithToken.set(path, { token, response: answered(answer), sentAt });
    inPage.set(path, { body: answer.body, sentAt });
  }
}

/** The screen's data as the page carried it, read at once by its queries (lib/start-from-page.ts). */
const inPage = new Map<string, { body: unknown; sentAt: number }>();

/** The payload of the page's answer to `path` (`/api/...`) and when it came; undefined when none or too old. */
export function answeredInPage(path: string): { payload: unknown; at: number } | undefined {
  const kept = inPage.get(path);
  if (!kept || Date.now() - kept.sentAt > FRESH_FOR_MS) return undefined;
  const payload = (kept.body as { payload?: unknown } | null)?.payload;
  return payload === undefined ? undefined : { payload, at: kept.sentAt };
}

interface EarlyLoginCheck {
  /** The token the check was made with; undefined when the token's answer held none. */
  token: Promise<string | undefined>;
  response: Promise<Response | undefined>;
  sentAt: number;
}

let loginCheck: EarlyLoginCheck | undefined;
/** The token the early `/api/auth/token` answer carries, read once for everything sent with it. */
let earlyToken: Promise<string | undefined> | undefined;

function tokenOfEarlyAnswer(): Promise<string | undefined> | undefined {
  const tokenAnswer = sent.get('/api/auth/token');
  if (!tokenAnswer) return earlyToken;
  earlyToken ??= tokenAnswer.response
    .then(async (response) =>
      response.ok ? ((await response.clone().json()) as { token?: string }).token : undefined,
    )
    .catch(() => undefined);
  return earlyToken;
}

function fetchWithToken(path: string, token: string): Promise<Response> {
  return readNow(
    fetch(path, {
      headers: { Accept: 'application/json', ...languageHeaders(), Authorization: `Bearer ${token}` },
    }),
  );
}

/**
 * A new tab on a guarded screen needs the profile, which only the login check gives and only with
 * an access token: that check is made as soon as the early token arrives, while the screen's code
 * is still on its way, instead of after it. Needs `sendEarly('/api/auth/token')` first.
 */
export function sendEarlyLoginCheck(): void {
  const token = tokenOfEarlyAnswer();
  if (!token || loginCheck) return;
  const response = token.then((value) => (value ? fetchWithToken('/api/auth/login', value) : undefined));
  response.catch(() => undefined);
  loginCheck = { token, response, sentAt: Date.now() };
}

const sentWithToken = new Map<string, EarlyLoginCheck>();

/**
 * The data a guarded screen asks for first (plain GETs), sent with the early token as soon as it
 * arrives, alongside the login check, instead of once the screen's code has run and rendered
 *. Taken by the API client (`takeEarlyWithToken`). Needs `sendEarly('/api/auth/token')` first.
 */
export function sendEarlyWithToken(paths: readonly string[]): void {
  const token = tokenOfEarlyAnswer();
  if (!token) return;
  for (const path of paths) {
    if (sentWithToken.has(path)) continue;
    const response = token.then((value) => (value ? fetchWithToken(path, value) : undefined));
    response.catch(() => undefined);
    sentWithToken.set(path, { token, response, sentAt: Date.now() });
  }
}

/**
 * Whether an early answer may stand for a call made now with `token`: it is fresh, and was asked
 * with a token of the same session. Not the same string: the session check's answer carries a token
 * of its own, minted as it is answered, which differs from the page's as soon as a second ticked in
 * between (a slow phone, a busy server), and the screen's calls then use that one.
 */
async function answersFor(early: { token: Promise<string | undefined>; sentAt: number }, token: string) {
  if (Date.now() - early.sentAt > FRESH_FOR_MS) return false;
  const sentWith = await early.token;
  return sentWith !== undefined && isSameSession(sentWith, token);
}

/** The early answer to `path`, once, when it was sent for `token`'s session and is fresh; else undefined. */
export async function takeEarlyWithToken(path: string, token: string): Promise<Response | undefined> {
  const early = sentWithToken.get(path);
  if (!early) return undefined;
  sentWithToken.delete(path);
  if (!(await answersFor(early, token))) return undefined;
  return early.response.catch(() => undefined);
}

/** The early login check's answer, once, when it was made for `token`'s session and is fresh; else undefined. */
export async function takeEarlyLoginCheck(token: string): Promise<Response | undefined> {
  const early = loginCheck;
  loginCheck = undefined;
  if (!early || !(await answersFor(early, token))) return undefined;
  return early.response.catch(() => undefined);
}

/** The early answer to `path`, once; undefined when none was sent or it is too old to trust. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  return Date.now() - early.sentAt <= FRESH_FOR_MS ? early.response : undefined;
}

/** Signing in, up or out changes what the cookie stands for: no answer sent before is true any more. */
export function dropEarly(): void {
  sent.clear();
  sentWithToken.clear();
  inPage.clear();
  earlyToken = undefined;
  loginCheck = undefined;
}

import {
  FIRST_SCREEN_DATA,
  PAGE_ANSWERS_ID,
  type PageAnswer,
  type PageAnswers,
} from '@playon/shared/first-screens';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Answers a screen can start from; any other (401, 404, 503...) is left to the app to ask for itself. */
const usable = new Set([200, 201]);

interface Asked {
  answer: PageAnswer | undefined;
  cookies: string[];
}

/**
 * One GET through the server's own routes, as the player's browser would send it: same checks (the
 * bearer token or the session cookie decides whose data it is), same limits for the player's address,
 * same answer. A failure or an answer that is not a success leaves nothing.
 */
async function ask(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  credentials: { authorization: string } | { cookie: string },
  language: string,
): Promise<Asked> {
  try {
    const response = await app.inject({
      method: 'GET',
      url,
      remoteAddress: request.ip,
      headers: { accept: 'application/json', 'accept-language': language, ...credentials },
    });
    const setCookie = response.headers['set-cookie'];
    const cookies = setCookie === undefined ? [] : ([] as string[]).concat(setCookie);
    if (!usable.has(response.statusCode)) return { answer: undefined, cookies };
    return { answer: { status: response.statusCode, body: response.json() as unknown }, cookies };
  } catch {
    return { answer: undefined, cookies: [] };
  }
}

/**
 * What a signed-in player's first screen asks before it can show, answered into its page (ADR 0064):
 * the identity service's session (for the session `cookie`), the login check's profile and the
 * screen's data (with the access token that same cookie gave, ADR 0040). The app starts from them
 * instead of sending those requests once its code has run. Null for a path with no such data.
 */
export async function firstScreenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  { cookie, token, language }: { cookie: string; token: string; language: string },
): Promise<{ answers: PageAnswers; cookies: string[] } | null> {
  const dataPaths = FIRST_SCREEN_DATA[path];
  if (!dataPaths) return null;
  const bearer = { authorization: `Bearer ${token}` };
  const [session, login, ...data] = await Promise.all([
    ask(app, request, '/api/auth/get-session', { cookie }, language),
    ask(app, request, '/api/auth/login', bearer, language),
    ...dataPaths.map((dataPath) => ask(app, request, dataPath, bearer, language)),
  ]);
  const answers: PageAnswers = { language, data: {} };
  if (session?.answer) answers.session = session.answer;
  if (login?.answer) answers.login = login.answer;
  dataPaths.forEach((dataPath, index) => {
    const answer = data[index]?.answer;
    if (answer) answers.data[dataPath] = answer;
  });
  return { answers, cookies: session?.cookies ?? [] };
}

/**
 * The answers as the page carries them: JSON in a script the browser never runs, every `<` written
 * as its escape so no text a player wrote (a name, a description) can close the element.
 */
export function pageAnswersScript(answers: PageAnswers): string {
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ID}">${json}</script>`;
}

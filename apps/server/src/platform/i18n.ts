import { type Language, languageOf } from '@playon/shared/i18n/language';
import { translateServerMessage } from '@playon/shared/i18n/translate';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The language a request asks the server to answer in (its Accept-Language; English by default). */
export function languageOfRequest(request: Pick<FastifyRequest, 'headers'>): Language {
  return languageOf(request.headers['accept-language']);
}

/** Messages already logged as missing from the catalogue: each once per process, and a bounded few. */
const reportedMissing = new Set<string>();
const MAX_REPORTED = 500;

/**
 * `message` (the English the server writes) in `language`; the English itself when the catalogue
 * has no text for it, which is logged once at debug so a missing text can be found and added.
 */
export function translated(message: string, language: Language, log: FastifyBaseLogger): string {
  if (language === 'en' || !/[A-Za-z]/.test(message)) return message;
  const text = translateServerMessage(message, language);
  if (text !== undefined) return text;
  if (!reportedMissing.has(message) && reportedMissing.size < MAX_REPORTED) {
    reportedMissing.add(message);
    log.debug({ language, statusMessage: message }, 'no translation for this message: answered in English');
  }
  return message;
}

type EnvelopeBody = { statusCode: number; statusMessage: string; payload: unknown };
type IdentityErrorBody = { code: string; message: string };

function isEnvelope(body: unknown): body is EnvelopeBody {
  const candidate = body as Partial<EnvelopeBody> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.statusCode === 'number' &&
    typeof candidate.statusMessage === 'string' &&
    'payload' in candidate
  );
}

function fieldsOf(payload: unknown): Record<string, string> | undefined {
  const fields = (payload as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined;
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const now = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (!/(^|,)\s*(accept-language|\*)\s*(,|$)/i.test(now))
    reply.header('vary', now ? `${now}, Accept-Language` : 'Accept-Language');
}

/** An envelope with its statusMessage and field errors in `language`; a new object, the stored one untouched. */
function translateEnvelope(body: EnvelopeBody, language: Language, log: FastifyBaseLogger): EnvelopeBody {
  const fields = fieldsOf(body.payload);
  return {
    ...body,
    statusMessage: translated(body.statusMessage, language, log),
    payload: fields
      ? {
          ...(body.payload as object),
          fields: Object.fromEntries(
            Object.entries(fields).map(([name, text]) => [
              name,
              typeof text === 'string' ? translated(text, language, log) : text,
            ]),
          ),
        }
      : body.payload,
  };
}

/**
 * Translation at the edge (ADR 0032): the server writes English everywhere; every answer in the
 * envelope (and an identity-service error written by our handler) leaves in the language the request
 * asks for. It runs before serialization, so answers replayed for an Idempotency-Key, error answers
 * and the 404 are translated alike. English answers keep their bytes; every envelope says
 * `Vary: Accept-Language`, since the same request in another language gets another answer.
 */
export function answerInRequestedLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, body: unknown) => {
    if (isEnvelope(body)) {
      addVary(reply);
      const language = languageOfRequest(request);
      return language === 'en' ? body : translateEnvelope(body, language, request.log);
    }
    return body;
  });
}

/** An identity-service error's text in the request's language (its own paths answer `{ code, message }`). */
export function translatedIdentityError(
  request: FastifyRequest,
  reply: FastifyReply,
  body: IdentityErrorBody,
): IdentityErrorBody {
  addVary(reply);
  const language = languageOfRequest(request);
  return language === 'en' ? body : { ...body, message: translated(body.message, language, request.log) };
}

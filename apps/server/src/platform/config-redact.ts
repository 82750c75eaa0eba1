import type { Config } from './config.ts';

/** Fields whose value is a credential, whatever object they sit in. */
const SECRET_FIELD = /secret|private|passkey|password|credential|token|consumerKey/i;
const REDACTED = '[redacted]';

/** A URL's password (postgres://user:password@host, smtp://...) replaced; anything else as it is. */
function withoutPassword(value: string): string {
  const url = URL.parse(value);
  if (!url?.password) return value;
  url.password = REDACTED;
  return url.href;
}

function redact(value: unknown, field: string): unknown {
  if (value === undefined || value === null) return value;
  if (SECRET_FIELD.test(field)) return REDACTED;
  if (typeof value === 'string') return withoutPassword(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redact(item, ''));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, redact(inner, key)]));
  }
  return value;
}

/** The configuration as the start-up log shows it: every secret, and every password in a URL, redacted. */
export function redactedConfig(config: Config): Record<string, unknown> {
  return redact(config, '') as Record<string, unknown>;
}

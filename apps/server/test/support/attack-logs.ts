/** Configuration keys that hold a credential: their values must never reach a log line. */
const SECRET_KEY = /secret|passkey|privatekey|password|credential/i;

export interface ConfiguredSecret {
  /** Where it sits in the configuration, e.g. `daraja.consumerSecret`. */
  name: string;
  value: string;
}

/**
 * Every credential of a configuration, found by its key's name anywhere in the object, so a secret
 * added to the configuration later is watched without editing the suites. Short values (a flag, an
 * empty default) would match innocent text and are no credential anyway.
 */
export function configuredSecrets(config: object): ConfiguredSecret[] {
  const found: ConfiguredSecret[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      const name = path ? `${path}.${key}` : key;
      if (typeof child === 'string' && SECRET_KEY.test(key) && child.length >= 12) {
        found.push({ name, value: child });
      } else walk(child, name);
    }
  };
  walk(config, '');
  return found;
}

/** A log destination that keeps every line (pino writes one JSON object a line). */
export function capturedLog() {
  const lines: string[] = [];
  let partial = '';
  return {
    lines,
    stream: {
      write(chunk: string) {
        const text = partial + chunk;
        const parts = text.split('\n');
        partial = parts.pop() ?? '';
        lines.push(...parts.filter(Boolean));
      },
    },
  };
}

/** The lines that hold a secret, each named by the secret (never printing its value). */
export function secretsInLog(lines: readonly string[], secrets: readonly ConfiguredSecret[]) {
  const leaks: Array<{ secret: string; line: string }> = [];
  for (const line of lines) {
    for (const secret of secrets) {
      const variants = [secret.value, encodeURIComponent(secret.value)];
      if (variants.some((variant) => line.includes(variant))) {
        leaks.push({ secret: secret.name, line: line.split(secret.value).join('[the secret]') });
      }
    }
  }
  return leaks;
}

/**
 * The attack suites' server: logging at info (what the secrets check reads), and no payment limits,
 * which would answer most requests with 429 before their input is even read.
 */
export const ATTACK_ENV = {
  LOG_LEVEL: 'info',
  RATE_LIMIT_PAYMENTS_PER_MINUTE: '100000',
  PAYMENT_PROMPTS_PER_PHONE_PER_HOUR: '100000',
};

/**
 * Whether a log line is one of Daraja's callbacks reaching us, at the paths given out (ADR 0075) or
 * the former ones: a log with none would make the secret check above vacuous.
 */
export const isDarajaCallbackLine = (line: string) =>
  /\/api\/payments\/callbacks\/(stk|payout|payout-status|mpesa)\//.test(line);

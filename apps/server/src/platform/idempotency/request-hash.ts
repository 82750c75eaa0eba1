import { createHash } from 'node:crypto';

/** JSON with sorted keys, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What identifies a request under a key: its scope and its validated body, whatever the key order. */
export const requestHashOf = (scope: string, body: unknown) =>
  createHash('sha256')
    .update(`${scope}\n${canonical(body)}`)
    .digest('hex');

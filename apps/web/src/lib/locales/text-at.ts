import type { Texts } from '../translation';

/**
 * The text at a dotted `key` of a feature's own texts (`challenges.sent`), for the features whose texts
 * travel with their chunk rather than in the app's catalogue; undefined when there is none.
 */
export function textAt(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

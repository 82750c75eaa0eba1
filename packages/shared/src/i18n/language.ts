/** The languages PlayOn speaks; English is the default, in the product's exact words (docs/product.md). */
export const languages = ['en', 'sw'] as const;
export type Language = (typeof languages)[number];

/**
 * The language an `Accept-Language` header asks for: the supported one with the highest q-value
 * (`sw`, `sw-KE`, `sw-TZ` are Kiswahili), the earlier one on a tie; English when none is supported.
 */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let best: { language: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const language = languages.find((one) => one === primary);
    if (!language) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? 'en';
}

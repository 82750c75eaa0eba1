// Browser storage keys, free of zod: the web app's entry chunk reads them on every page load and
// must not pull the schemas in with them.

/** The campaign source read from `?utm_source=` and kept in local storage. */
export const UTM_SOURCE_STORAGE_KEY = 'utm_source';

/** The registered push token, kept in local storage (docs/product.md, "Push setup"). */
export const PUSH_TOKEN_STORAGE_KEY = 'push_token';

/** When the page last reloaded itself for a chunk a deploy had replaced (session storage). */
export const CHUNK_RELOAD_STORAGE_KEY = 'chunk_reload_at';

/** The language the player chose ('en' or 'sw'), kept in local storage across visits. */
export const LANGUAGE_STORAGE_KEY = 'playon.language';

/**
 * The same choice in a cookie, which the server reads to send the first screens rendered ahead in
 * that language (ADR 0062): it cannot read local storage.
 */
export const LANGUAGE_COOKIE = 'playon_lang';

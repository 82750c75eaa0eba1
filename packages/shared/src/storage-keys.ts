/**
 * Browser storage keys, free of zod: the web app's entry chunk reads them on every page load and
 * must not pull the schemas in with them. `referral.ts` declares the same UTM key next to its schemas.
 */
export const UTM_SOURCE_STORAGE_KEY = 'utm_source';

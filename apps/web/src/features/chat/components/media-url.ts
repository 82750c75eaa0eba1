/**
 * A media message's address, when it is one a page may load: http(s) only, so a stored
 * `javascript:` or `data:` text can never become a link or a source.
 */
export function mediaUrl(message: string): string | null {
  try {
    const url = new URL(message, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The file name at the end of an address, for a document's link. */
export function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

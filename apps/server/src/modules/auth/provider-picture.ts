/**
 * A picture better-auth may keep for a player: an https URL (a Google or Facebook picture), or
 * none. Never a path of ours (a file someone else uploaded) nor a `javascript:` URL.
 */
export function providerPicture(image: string | null | undefined): string | null {
  if (!image || image.length > 2048) return null;
  try {
    return new URL(image).protocol === 'https:' ? image : null;
  } catch {
    return null;
  }
}

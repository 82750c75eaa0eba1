/** Only same-origin paths may be redirected to after login (no `//host` or `https:` open redirects). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

import { UTM_SOURCE_STORAGE_KEY } from '@playon/shared/storage-keys';

/** Keeps `?utm_source=` from any landing URL, for the referral screen to prefill. */
export function captureUtmSource(search: string): void {
  const source = new URLSearchParams(search).get('utm_source')?.trim();
  if (source) localStorage.setItem(UTM_SOURCE_STORAGE_KEY, source);
}

export const readUtmSource = (): string => localStorage.getItem(UTM_SOURCE_STORAGE_KEY) ?? '';

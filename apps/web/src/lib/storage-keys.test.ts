import { UTM_SOURCE_STORAGE_KEY as keyBesideSchemas } from '@playon/shared/referral';
import { UTM_SOURCE_STORAGE_KEY } from '@playon/shared/storage-keys';
import { describe, expect, it } from 'vitest';
import { captureUtmSource, readUtmSource } from './utm';

describe('campaign source', () => {
  it('is stored under the key the shared referral module names', () => {
    expect(UTM_SOURCE_STORAGE_KEY).toBe(keyBesideSchemas);
  });

  it('keeps ?utm_source= from the landing URL and ignores URLs without one', () => {
    captureUtmSource('?utm_source=RAFIKI7&utm_medium=sms');
    captureUtmSource('?page=2');
    expect(readUtmSource()).toBe('RAFIKI7');
  });
});

import '../lib/i18n';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait for a condition; on a busy machine a render can take longer than the
// library's default second, so they wait up to five before they give up. A passing test waits no longer.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

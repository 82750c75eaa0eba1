import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

// A stray console.error is a bug somewhere (an unhandled rejection, a library complaining): fail on it.
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (logged.length > 0) throw new Error(`console.error was called:\n${logged.join('\n')}`);
});

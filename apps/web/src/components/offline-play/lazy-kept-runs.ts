import { lazy } from 'react';

/**
 * The list of kept runs (ADR 0065), in offline play's chunk (with the no-internet screen's list): a screen renders it only when `hasKeptRuns()`
 * (lib/kept-runs.ts) says a game left one on this phone.
 */
export const LazyKeptRuns = lazy(() =>
  import('./kept-runs').then((module) => ({ default: module.KeptRuns })),
);

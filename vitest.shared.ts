import { availableParallelism } from 'node:os';

/**
 * Test files run at once, the same in the root config and every project (Vitest refuses projects that
 * run together with different limits, and a project referenced by folder does not inherit the root's).
 * Vitest's default is one fewer than the cores: a single worker on a 2-core laptop, which also runs
 * projects whose files are isolated one file at a time. Server test files spend much of their time
 * waiting on sockets and the embedded database, so one more than the cores keeps every core busy.
 */
export const maxWorkers = availableParallelism() + 1;

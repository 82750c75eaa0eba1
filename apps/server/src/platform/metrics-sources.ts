/**
 * What the metrics read besides this process's own requests. Database-backed sources describe the
 * whole deployment, so every instance reports the same values (aggregate them with max, ADR 0030).
 */
export interface MetricSources {
  /** Payment intents, all time, by method, type and status; `pastWindow` of them open past STK_UNKNOWN_GIVE_UP_MS. */
  payments(): Promise<{ method: string; type: string; status: string; count: number; pastWindow: number }[]>;
  /** Each system account's balance: the sum of its postings, integer cents. */
  ledger(): Promise<{ account: string; cents: bigint }[]>;
  /** Jobs not done by kind and state; the seconds the oldest due one has waited (0 if none is due). */
  jobs(): Promise<{ kind: string; state: JobState; count: number; oldestDueSeconds: number }[]>;
  /** M-Pesa callbacks parked for an operator, by kind and whether money came in. */
  callbacks(): Promise<{ kind: string; moneyIn: boolean; count: number }[]>;
  /** Whether this instance reaches its database and Redis (`off` without REDIS_URL): its readiness checks. */
  dependencies(): Promise<{ database: 'up' | 'down'; redis: 'up' | 'down' | 'off' }>;
  /** The WebSockets this instance holds open. */
  sockets(): number;
}

export type JobState = 'due' | 'running' | 'scheduled' | 'dead';

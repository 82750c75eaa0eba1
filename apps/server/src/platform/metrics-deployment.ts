import { Counter, Gauge, type Registry } from 'prom-client';
import type { MetricSources } from './metrics-sources.ts';

/** A source's rows handed to `use` once read; a failed read is counted in playon_metrics_source_up. */
type Read<T> = (use: (rows: T) => void) => Promise<void>;
type RowsOf<K extends keyof MetricSources> = Awaited<ReturnType<MetricSources[K]>>;

export interface DeploymentReads {
  payments: Read<RowsOf<'payments'>>;
  ledger: Read<RowsOf<'ledger'>>;
  jobs: Read<RowsOf<'jobs'>>;
  callbacks: Read<RowsOf<'callbacks'>>;
}

const FINISHED = new Set(['COMPLETED', 'ERROR', 'CANCELLED']);

// Each of these is read from the database, so it is the same in every worker of a cluster: taken
// once in a cluster's scrape (aggregator 'first'), and aggregated with max across instances.
const deploymentWide = { aggregator: 'first' } as const;

/** The series that describe the whole deployment (ADR 0030): payments, the ledger, the job queue. */
export function registerDeploymentMetrics(registry: Registry, reads: DeploymentReads) {
  const registers = [registry];
  new Counter({
    ...deploymentWide,
    name: 'playon_payments_total',
    help: 'Payments that reached an outcome (COMPLETED, ERROR, CANCELLED), by method and type; deployment-wide',
    labelNames: ['method', 'type', 'outcome'],
    registers,
    async collect() {
      await reads.payments((rows) => {
        this.reset();
        for (const row of rows.filter((r) => FINISHED.has(r.status))) {
          this.inc({ method: row.method, type: row.type, outcome: row.status }, row.count);
        }
      });
    },
  });
  new Gauge({
    ...deploymentWide,
    name: 'playon_payment_intents_open',
    help: 'Payment intents not finished yet (PENDING, IN_PROGRESS), by method and type; deployment-wide',
    labelNames: ['method', 'type', 'status'],
    registers,
    async collect() {
      await reads.payments((rows) => {
        this.reset();
        for (const row of rows.filter((r) => !FINISHED.has(r.status))) {
          this.set({ method: row.method, type: row.type, status: row.status }, row.count);
        }
      });
    },
  });
  new Gauge({
    ...deploymentWide,
    name: 'playon_payment_intents_open_past_window',
    help: "Payment intents still open past STK_UNKNOWN_GIVE_UP_MS (the console's Stuck list), by method and type; 0 for every method and type ever used; deployment-wide",
    labelNames: ['method', 'type'],
    registers,
    async collect() {
      await reads.payments((rows) => {
        this.reset();
        for (const row of rows) this.inc({ method: row.method, type: row.type }, row.pastWindow);
      });
    },
  });
  new Gauge({
    ...deploymentWide,
    name: 'playon_mpesa_callbacks_parked',
    help: 'M-Pesa callbacks parked for an operator (Kept M-Pesa callbacks), by kind and whether money came in; deployment-wide',
    labelNames: ['kind', 'money_in'],
    registers,
    async collect() {
      await reads.callbacks((rows) => {
        this.reset();
        for (const row of rows) this.set({ kind: row.kind, money_in: String(row.moneyIn) }, row.count);
      });
    },
  });
  new Gauge({
    ...deploymentWide,
    name: 'playon_ledger_balance_cents',
    help: "Each system account's balance (sum of its postings) in integer cents; deployment-wide",
    labelNames: ['account'],
    registers,
    async collect() {
      await reads.ledger((rows) => {
        this.reset();
        for (const row of rows) this.set({ account: row.account }, Number(row.cents));
      });
    },
  });
  new Gauge({
    ...deploymentWide,
    name: 'playon_jobs',
    help: 'Jobs waiting in the queue by kind and state (due, running, scheduled, dead); deployment-wide',
    labelNames: ['kind', 'state'],
    registers,
    async collect() {
      await reads.jobs((rows) => {
        this.reset();
        for (const row of rows) this.set({ kind: row.kind, state: row.state }, row.count);
      });
    },
  });
  new Gauge({
    ...deploymentWide,
    name: 'playon_jobs_oldest_due_seconds',
    help: 'How long the oldest due job of each kind has waited for a worker; deployment-wide',
    labelNames: ['kind'],
    registers,
    async collect() {
      await reads.jobs((rows) => {
        this.reset();
        for (const row of rows.filter((r) => r.state === 'due')) {
          this.set({ kind: row.kind }, row.oldestDueSeconds);
        }
      });
    },
  });
}

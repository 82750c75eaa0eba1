import type { Db } from '../../platform/db.ts';

/**
 * What one audit entry says. Declared on its own, on the database type alone, so that every
 * module's console (its ops/ folder) can name it without depending on the operator module's door.
 */
export interface AuditInput {
  /** What was done, as `area.verb` (e.g. `payments.refund`, `players.disable`). */
  action: string;
  targetType: string;
  targetId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit entry inside the transaction of the change it records (ADR 0024). */
export type RecordAudit = (tx: Db, entry: AuditInput) => Promise<void>;

import type { StatementSavedSchema } from '@playon/shared/ops-money';
import type { z } from 'zod';
import { opsPost } from '../../api/ops-request';

/** POST /api/ops/money/reconciliation/mpesa-statement: the day's M-Pesa statement, as its CSV text. */
export function uploadStatement(day: string, csv: string) {
  return opsPost<z.infer<typeof StatementSavedSchema>>('/money/reconciliation/mpesa-statement', { day, csv });
}

import type { OperatorRole } from '@playon/shared/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from './ops-request';
import { opsKeys } from './query-keys';

export interface OperatorRow {
  uid: string;
  email: string;
  name: string;
  role: OperatorRole;
  /** ISO time of the last console sign-in, null if never. */
  lastSignInAt: string | null;
}

/** GET /api/ops/operators: who holds a console role. */
export function getOperators() {
  return opsGet<OperatorRow[]>('/operators');
}

export const operatorsQuery = () => queryOptions({ queryKey: opsKeys.operators(), queryFn: getOperators });

export function useOperators() {
  return useQuery(operatorsQuery());
}

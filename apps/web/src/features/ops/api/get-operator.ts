import type { Operator } from '@playon/shared/ops';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsGet } from './ops-request';
import { opsKeys } from './query-keys';

/** GET /api/ops/me: the operator signed in; an error (403) for a player. */
export function getOperator() {
  return opsGet<Operator>('/me');
}

export const operatorQuery = () =>
  queryOptions({ queryKey: opsKeys.operator(), queryFn: getOperator, staleTime: 60_000, retry: false });

export function useOperator() {
  return useQuery(operatorQuery());
}

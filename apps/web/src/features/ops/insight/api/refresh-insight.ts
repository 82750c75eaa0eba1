import { useMutation, useQueryClient } from '@tanstack/react-query';
import { opsPost } from '../../api/ops-request';
import { opsKeys } from '../../api/query-keys';

/** POST /api/ops/insight/refresh: the job asked to recount now; the figures reload a few seconds on. */
export function useRefreshInsight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => opsPost<{ queued: true; foldedAt: string | null }>('/insight/refresh', {}),
    onSuccess: async () => {
      // The job runs at once on an idle server: ask again once it has had time to fold the day in.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await client.invalidateQueries({ queryKey: opsKeys.insight() });
    },
  });
}

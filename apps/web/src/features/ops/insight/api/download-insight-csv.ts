import type { InsightReport } from '@playon/shared/ops-insight';
import { withSessionToken } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import { API_BASE } from '../../../../lib/api-fetch';
import type { InsightPeriod } from './get-insight';

/** GET /api/ops/insight/csv: one report as a file on the operator's device. */
export async function downloadInsightCsv(
  report: InsightReport,
  period: InsightPeriod & { gameId?: number | undefined },
  failed: string,
) {
  const search = new URLSearchParams({ report });
  for (const [key, value] of Object.entries(period)) if (value !== undefined) search.set(key, String(value));
  const response = await withSessionToken(async (token) => {
    const answer = await fetch(`${API_BASE}/ops/insight/csv?${search}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status === 401)
      throw new ApiError('Please log in again.', { kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
    if (!answer.ok) throw new ApiError(failed, { kind: 'http', status: answer.status });
    return answer;
  });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `playon-insight-${report}-${period.from ?? 'last-30-days'}-${period.to ?? 'today'}.csv`;
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

import { withSessionToken } from '../../../../lib/api-client';
import { ApiError } from '../../../../lib/api-error';
import { API_BASE } from '../../../../lib/api-fetch';

/** GET /api/ops/money/reconciliation/csv: the day's reconciliation as a file on the operator's device. */
export async function downloadReconciliationCsv(day: string) {
  const response = await withSessionToken(async (token) => {
    const answer = await fetch(`${API_BASE}/ops/money/reconciliation/csv?day=${encodeURIComponent(day)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status === 401)
      throw new ApiError('Please log in again.', { kind: 'http', status: 401, code: 'UNAUTHENTICATED' });
    if (!answer.ok)
      throw new ApiError('The CSV could not be downloaded. Try again.', {
        kind: 'http',
        status: answer.status,
      });
    return answer;
  });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `playon-reconciliation-${day}.csv`;
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A payment's path under /api/ops: its detail and its actions hang from it. */
export const paymentPath = (id: string) => `/money/payments/${encodeURIComponent(id)}`;

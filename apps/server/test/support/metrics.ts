import type { FastifyInstance } from 'fastify';

/** The value of one series line, e.g. `playon_jobs{kind="x",state="due"}`; undefined when absent. */
export function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GET /metrics as Prometheus scrapes it (open without METRICS_TOKEN on a laptop), its text. */
export async function scrapeMetrics(app: FastifyInstance, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}`);
  return response.body;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { scrapeMetrics } from '../support/metrics.ts';
import { moneyApi } from '../support/money.ts';
import { signUpPlayer } from '../support/players.ts';

// The alert rules and the Grafana dashboard in deploy/prometheus name series GET /metrics exports: a
// metric renamed or a label dropped in the server fails here, not silently on an operator's screen.
const repo = join(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(repo, path), 'utf8');

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  annotations?: Record<string, string>;
}
const rules = (
  parse(read('deploy/prometheus/playon.rules.yml')) as { groups: { rules: Rule[] }[] }
).groups.flatMap((group) => group.rules);
const dashboard = JSON.parse(read('deploy/prometheus/grafana-dashboard.json')) as {
  panels: { title: string; targets?: { expr: string }[] }[];
  templating: { list: { definition?: string }[] };
};

/** Prometheus's own series, written for each scraped target: the one thing no server exports. */
const PROMETHEUS_OWN: Record<string, string[]> = { up: ['job', 'instance'] };
/** Labels Prometheus adds to every scraped series. */
const TARGET_LABELS = ['job', 'instance'];
const PROMQL_WORDS = new Set(
  ['by', 'without', 'on', 'ignoring', 'group_left', 'group_right'].concat([
    'and',
    'or',
    'unless',
    'offset',
    'bool',
  ]),
);

/** Every series an expression reads, with the labels its selectors match on. */
function seriesIn(expr: string): { name: string; labels: string[] }[] {
  // Grafana's variables ($__rate_interval, $route) stand where a duration or a string would.
  const promql = expr.replace(/\$\w+/g, '5m');
  const found = new Map<string, Set<string>>();
  const note = (name: string, labels: string[] = []) => {
    const known = found.get(name) ?? new Set<string>();
    for (const label of labels) known.add(label);
    found.set(name, known);
  };
  for (const [, name, matchers] of promql.matchAll(/([a-zA-Z_:][\w:]*)\s*\{([^}]*)\}/g)) {
    if (name && !PROMQL_WORDS.has(name))
      note(
        name,
        [...(matchers ?? '').matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((m) => m[1] ?? ''),
      );
  }
  const bare = promql
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  for (const [, name] of bare.matchAll(/(?<![\w.:])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)) {
    if (name && !PROMQL_WORDS.has(name)) note(name);
  }
  return [...found].map(([name, labels]) => ({ name, labels: [...labels] }));
}

/** Series name → label names, from the text of a scrape: families by `# TYPE`, labels by samples. */
function exported(text: string): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const names = type === 'histogram' ? ['_bucket', '_sum', '_count'].map((s) => `${name}${s}`) : [name];
    for (const each of names) series.set(each ?? '', new Set(TARGET_LABELS));
  }
  for (const [, name, labels] of text.matchAll(/^([a-zA-Z_:][\w:]*)\{([^}]*)\} /gm)) {
    const known = series.get(name ?? '');
    for (const [, label] of (labels ?? '').matchAll(/([a-zA-Z_]\w*)="/g)) known?.add(label ?? '');
  }
  return series;
}

let t: PaymentsTestApp;
let server: Map<string, Set<string>>;

beforeAll(async () => {
  t = await createPaymentsTestApp({ RECONCILE_AFTER_MS: '3600000' });
  // Every labelled series the rules read gets a sample: a payment that ends, one still open, a job.
  const money = moneyApi(t);
  const player = await signUpPlayer(t.app);
  await money.mpesaTopUp(player, 100);
  await money.mpesaTopUp(player, 100, '0700000005', false);
  await t.app.jobs.enqueue('monitoring-names.waiting', {}, { runAt: new Date(Date.now() - 60_000) });
  await t.app.inject({ method: 'GET', url: '/api/health' });
  server = exported(await scrapeMetrics(t.app));
}, 90_000);
afterAll(() => t.close());

const recorded = new Set(rules.flatMap((rule) => (rule.record ? [rule.record] : [])));
const sources = [
  ...rules.map((rule) => ({ where: rule.record ?? rule.alert ?? '?', expr: rule.expr })),
  ...dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ where: `dashboard: ${panel.title}`, expr: target.expr })),
  ),
  ...dashboard.templating.list.flatMap((variable) =>
    [...(variable.definition ?? '').matchAll(/label_values\(([^,)]+)/g)].map((m) => ({
      where: 'dashboard: variables',
      expr: m[1] ?? '',
    })),
  ),
];

describe('deploy/prometheus against GET /metrics', () => {
  it('reads the rules and the dashboard, with something to check in each', () => {
    expect(rules.filter((rule) => rule.alert).length).toBeGreaterThan(10);
    expect(dashboard.panels.filter((panel) => panel.targets).length).toBeGreaterThan(10);
    expect(seriesIn('max by (kind) (rate(playon_jobs{state="dead"}[5m])) > 0 unless up offset 1h')).toEqual([
      { name: 'playon_jobs', labels: ['state'] },
      { name: 'up', labels: [] },
    ]);
  });

  it('names only series the server exports, with labels it gives them', () => {
    const wrong: string[] = [];
    for (const { where, expr } of sources) {
      for (const { name, labels } of seriesIn(expr)) {
        if (recorded.has(name)) continue;
        const known = server.get(name) ?? (PROMETHEUS_OWN[name] ? new Set(PROMETHEUS_OWN[name]) : undefined);
        if (!known) wrong.push(`${where}: ${name} is not exported`);
        for (const label of labels.filter((l) => known && !known.has(l) && l !== '__name__'))
          wrong.push(`${where}: ${name} has no label ${label}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('points every alert at a section of docs/runbook.md that exists', () => {
    const slugs = new Set(
      [...read('docs/runbook.md').matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
        (heading ?? '')
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, '')
          .replace(/ /g, '-'),
      ),
    );
    const missing = rules
      .filter((rule) => rule.alert)
      .flatMap((rule) => {
        const anchor = /docs\/runbook\.md#([\w-]+)/.exec(rule.annotations?.description ?? '')?.[1];
        return anchor && slugs.has(anchor) ? [] : [`${rule.alert}: ${anchor ?? 'no runbook section'}`];
      });
    expect(missing).toEqual([]);
  });
});

// Steadiness of the end-to-end suite: runs the whole suite N times in a row (no retry, as CI does)
// and prints one line a run, then a summary line a script can read:
//   e2e-repeat runs=20 passed=20 failed=0 longest_streak=20 mean_s=141
// Run it with the other core busy too: a spec that fails only on a slow machine is a defect.
// Usage: node bench/e2e-repeat.ts [runs] (E2E_PORT picks the server's port, 3300 by default).
import { spawnSync } from 'node:child_process';

const runs = Number(process.argv[2] ?? 20);
let passed = 0;
let streak = 0;
let longest = 0;
let seconds = 0;

/** Each failure's header and the first lines of its error, as the line reporter printed them. */
function failureDetails(output: string): string {
  const lines = output.split('\n');
  const kept: string[] = [];
  lines.forEach((line, at) => {
    if (/^\s+\d+\) /.test(line)) kept.push(...lines.slice(at, at + 25).map((text) => `    ${text}`));
  });
  return kept.length ? kept.join('\n') : output.slice(-4000);
}

for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const result = spawnSync('npx', ['playwright', 'test', '--retries=0', '--reporter=line'], {
    env: { ...process.env, CI: 'true' },
    encoding: 'utf8',
  });
  const took = Math.round((Date.now() - started) / 1000);
  seconds += took;
  const ok = result.status === 0;
  passed += ok ? 1 : 0;
  streak = ok ? streak + 1 : 0;
  longest = Math.max(longest, streak);
  const failures = (result.stdout.match(/^\s+\d+\) .*$/gm) ?? []).map((line) => line.trim());
  console.log(
    `run ${run}: ${ok ? 'passed' : 'FAILED'} in ${took} s${failures.length ? `: ${failures.join('; ')}` : ''}`,
  );
  // What failed and why, indented under the run: the reporter's own account of each failure.
  if (!ok) console.log(failureDetails(result.stdout + result.stderr));
}

console.log(
  `e2e-repeat runs=${runs} passed=${passed} failed=${runs - passed} longest_streak=${longest} mean_s=${Math.round(seconds / runs)}`,
);
process.exitCode = passed === runs ? 0 : 1;

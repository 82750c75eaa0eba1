import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { apiPlayer, bearer, stack } from './support.ts';

const logOf = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

test("one player's request is followed across the balancer by nginx's id: in its answer, nginx's log and the instance's", async () => {
  const player = await apiPlayer('Halima');
  const answer = await player.api.get('/api/wallets/balance', {
    headers: bearer(player, { 'X-Request-Id': 'chosen-by-the-client' }),
  });
  expect(answer.status()).toBe(200);
  const id = answer.headers()['x-request-id'] ?? '';
  // nginx's own id, whatever the client sent: a client could otherwise reuse another player's.
  expect(id).toMatch(/^[0-9a-f]{32}$/);

  const upstream = answer.headers()['x-playon-upstream'] ?? '';
  const instance = stack.instances.find((i) => upstream.endsWith(`:${i.port}`));
  if (!instance) throw new Error(`no instance behind ${upstream}`);
  await expect.poll(() => logOf(join(stack.runDir, 'nginx/logs/access.log'))).toContain(`request_id=${id}`);
  await expect.poll(() => logOf(join(stack.runDir, `${instance.name}.log`))).toContain(`"reqId":"${id}"`);
  const other = stack.instances.find((i) => i !== instance);
  expect(logOf(join(stack.runDir, `${other?.name}.log`))).not.toContain(id);
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterScreenSettles } from './after-screen-settles';

describe('afterScreenSettles', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    queryClient = new QueryClient();
  });
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  it('waits for the screen’s queries, then runs once the browser has a moment', async () => {
    let answer: (value: string) => void = () => undefined;
    void queryClient.fetchQuery({
      queryKey: ['banners'],
      queryFn: () => new Promise<string>((r) => (answer = r)),
    });
    const work = vi.fn();
    afterScreenSettles(queryClient, work);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).not.toHaveBeenCalled();
    answer('banners');
    await vi.advanceTimersByTimeAsync(0);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on a query that never answers', async () => {
    queryClient
      .fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>(() => undefined) })
      .catch(() => undefined);
    const work = vi.fn();
    afterScreenSettles(queryClient, work);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const work = vi.fn();
    const cancel = afterScreenSettles(queryClient, work);
    cancel();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(work).not.toHaveBeenCalled();
  });
});

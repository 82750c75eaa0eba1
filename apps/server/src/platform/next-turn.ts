/**
 * A batch's start: `work` runs on the next turn of the event loop, once however often it is asked for
 * meanwhile, so what is asked for while the loop turns goes together (payouts, intents' endings).
 */
export function onNextTurn(work: () => unknown): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void work();
    });
  };
}

/**
 * One call for what is asked for during a turn of the event loop (the payout results Daraja sends
 * at once, the push jobs of one claim): `run(items)` gets up to `max` of them on the next turn and
 * answers one result per item, in order. When it throws, each of its items gets that error.
 */
export function batchOnNextTurn<In, Out>(
  run: (items: In[]) => Promise<Out[]>,
  max = 100,
): (item: In) => Promise<Out> {
  let pending: { item: In; resolve(out: Out): void; reject(error: unknown): void }[] = [];
  const flush = async () => {
    const batch = pending.slice(0, max);
    pending = pending.slice(max);
    if (pending.length > 0) schedule();
    try {
      const results = await run(batch.map((entry) => entry.item));
      for (const [i, entry] of batch.entries()) entry.resolve(results[i] as Out);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  };
  const schedule = onNextTurn(flush);
  return (item) =>
    new Promise<Out>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      schedule();
    });
}

/**
 * `batchOnNextTurn` for work done in a caller's transaction: the calls made on one transaction
 * during a turn of the event loop (the endings of one group, run side by side in it) go to
 * `run(tx, items)` together, which answers one result per item, in order; calls on another
 * transaction go in a batch of its own. A caller that waits for each call makes batches of one.
 */
export function batchPerTransaction<Tx extends object, In, Out>(
  run: (tx: Tx, items: In[]) => Promise<Out[]>,
): (tx: Tx, item: In) => Promise<Out> {
  type Pending = { item: In; resolve(out: Out): void; reject(error: unknown): void };
  const pendingOf = new WeakMap<Tx, Pending[]>();
  async function flush(tx: Tx) {
    const batch = pendingOf.get(tx) ?? [];
    pendingOf.delete(tx);
    try {
      const results = await run(
        tx,
        batch.map((entry) => entry.item),
      );
      for (const [i, entry] of batch.entries()) entry.resolve(results[i] as Out);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
  return (tx, item) =>
    new Promise<Out>((resolve, reject) => {
      const pending = pendingOf.get(tx);
      if (pending) {
        pending.push({ item, resolve, reject });
        return;
      }
      pendingOf.set(tx, [{ item, resolve, reject }]);
      setImmediate(() => void flush(tx));
    });
}

/** At most this many withdrawals in one statement. */
const MAX_BATCH = 32;
/**
 * Batches written at once: PostgreSQL takes the next while the last one commits (as score reports,
 * ADR 0035). A wallet is in one of them at a time, so no batch waits on another's row lock. In the
 * ledger bench 8 did worse and 2 to 4 alike (docs/benchmarks.md, seventh pass).
 */
const IN_FLIGHT = 3;

/**
 * Group commit for withdrawals (ADR 0044): the withdrawals asked for while the event loop turns are
 * written together, one statement and one commit for all of them, instead of one each. A batch starts
 * on the next turn of the event loop (the requests read together are written together); while
 * IN_FLIGHT batches are being written the next requests wait and go together in the one after. One
 * withdrawal per wallet in flight: a player's second one waits for the first to commit, then sees
 * its balance. A lone withdrawal is written alone, as before; a batch whose statement fails (a
 * repeat's Idempotency-Key met its first, a lost connection) wrote nothing, and each of its
 * withdrawals is then tried alone, so a failure is the failing one's only.
 */
export function createWithdrawalBatches<Item, Answer>({
  alone,
  together,
}: {
  /** One withdrawal in a statement of its own. */
  alone: (item: Item) => Promise<Answer>;
  /** Several in one statement: each one's answer, or the error that is its own (too little money). */
  together: (items: Item[]) => Promise<(Answer | Error)[]>;
}) {
  interface Pending {
    wallet: string;
    item: Item;
    resolve(answer: Answer): void;
    reject(error: unknown): void;
  }
  let pending: Pending[] = [];
  const walletsInFlight = new Set<string>();
  let writing = 0;
  let scheduled = false;

  function schedule() {
    if (scheduled || writing >= IN_FLIGHT || pending.length === 0) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  }

  async function flush() {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const entry of pending) {
      if (batch.length < MAX_BATCH && !walletsInFlight.has(entry.wallet)) {
        walletsInFlight.add(entry.wallet);
        batch.push(entry);
      } else rest.push(entry);
    }
    pending = rest;
    if (batch.length === 0) return;
    writing++;
    try {
      await write(batch);
    } finally {
      writing--;
      for (const entry of batch) walletsInFlight.delete(entry.wallet);
      schedule();
    }
  }

  const settle = (entry: Pending, work: () => Promise<Answer>) => work().then(entry.resolve, entry.reject);

  async function write(batch: Pending[]) {
    const [only] = batch;
    if (only && batch.length === 1) return settle(only, () => alone(only.item));
    let answers: (Answer | Error)[];
    try {
      answers = await together(batch.map((entry) => entry.item));
    } catch {
      await Promise.all(batch.map((entry) => settle(entry, () => alone(entry.item))));
      return;
    }
    batch.forEach((entry, i) => {
      const answer = answers[i] as Answer | Error;
      if (answer instanceof Error) entry.reject(answer);
      else entry.resolve(answer);
    });
  }

  return {
    /** Writes the withdrawal from `wallet` with the others asked for meanwhile; answers as `alone` would. */
    withdraw(wallet: string, item: Item): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        pending.push({ wallet, item, resolve, reject });
        schedule();
      });
    },
  };
}

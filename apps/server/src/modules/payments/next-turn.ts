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

import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * Metrics in cluster mode (ADR 0030): a scrape reaches one worker, which asks the primary; the
 * primary gathers every worker's registries (prom-client's AggregatorRegistry, over the cluster's
 * IPC) and answers with them aggregated: request and socket series summed over the workers, the
 * deployment-wide ones (read from the database) taken once.
 */
const ASK = 'playon:metrics-ask';
const ANSWER = 'playon:metrics-answer';
/** Longer than prom-client's own 5 s for collecting from the workers. */
const ASK_TIMEOUT_MS = 8_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/** In the primary: answers a worker's ask with every worker's metrics. */
export function serveClusterMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (err: Error) => worker.send({ type: ANSWER, id, error: err.message } satisfies Answer),
    );
  });
}

/** True in a worker of a cluster (a primary to ask). */
export const isClusterWorker = () => cluster.isWorker && typeof process.send === 'function';

let asked = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
let listening = false;

/**
 * In a worker: offers `registries` to the primary's aggregation (the last app built in the process
 * wins: a worker builds one) and answers a scrape with the whole cluster's metrics.
 */
export function workerMetrics(registries: Registry[]) {
  // Constructing one makes prom-client answer the primary's requests in this worker.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries(registries);
  if (!listening) {
    listening = true;
    process.on('message', (message: Partial<Answer>) => {
      if (message?.type !== ANSWER || typeof message.id !== 'number') return;
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (!pending) return;
      if (typeof message.text === 'string') pending.resolve(message.text);
      else pending.reject(new Error(message.error ?? 'the primary answered without metrics'));
    });
  }
  return function clusterText(): Promise<string> {
    const id = ++asked;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error("the cluster primary did not answer with the workers' metrics in time"));
      }, ASK_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (text) => {
          clearTimeout(timer);
          resolve(text);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
  };
}

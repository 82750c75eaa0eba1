import { answeredInPage } from './early-requests';

/**
 * A first screen's query starts from the data its page carried (ADR 0064) instead of waiting for
 * the same answer through the API client: the screen's first render is its content, its largest
 * picture included, not a skeleton one frame before it. `apiPath` is the API client's path (`/events`);
 * `select` shapes the payload as the query's function does. Nothing when the page carried none.
 */
export function startFromPage<T, D = T>(apiPath: string, select?: (payload: T) => D) {
  const kept = () => answeredInPage(`/api${apiPath}`);
  return {
    initialData: (): D | undefined => {
      const answer = kept();
      if (answer === undefined) return undefined;
      return select ? select(answer.payload as T) : (answer.payload as D);
    },
    initialDataUpdatedAt: () => kept()?.at,
  };
}

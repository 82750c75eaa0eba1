interface Refetchable {
  isError: boolean;
  refetch: () => unknown;
}

/** A screen built from several queries: it failed if one did, and Retry asks again only those that failed. */
export function failedQueries(...queries: Refetchable[]) {
  return {
    hasFailed: queries.some((query) => query.isError),
    retry() {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };
}

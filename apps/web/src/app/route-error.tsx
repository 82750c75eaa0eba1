import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last resort when a screen fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? error.statusText : 'Something happened.';
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-bold">{detail}</h1>
      <p className="text-muted">Check your connection, then try again.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="tap rounded-xl bg-brand px-6 font-semibold text-white"
      >
        Try again
      </button>
    </main>
  );
}

/**
 * What the app imports as `react`, in the build and the tests: preact/compat, React's API on Preact
 * (ADR 0038), about a fifth of React DOM's weight to download and run on a slow phone.
 * preact/compat has no `useOptimistic`, which react-router's RouterProvider calls on every render; it
 * only changes the state it returns when the router is given `useTransitions`, which PlayOn never
 * does, so the state as it is and a setter that is never called are what React would give.
 */
// @ts-expect-error preact/compat's types say `export =` (a namespace like React's); the module it ships
// has the named exports this passes on, which is all the bundler sees.
export * from 'preact/compat';
export { default } from 'preact/compat';

export function useOptimistic<State>(state: State): [State, (update: unknown) => void] {
  return [state, () => undefined];
}

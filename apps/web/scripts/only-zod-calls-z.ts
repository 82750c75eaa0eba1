import type { Plugin } from 'vite';

/**
 * The build tells the bundler that a call to `z` is pure (vite.config.ts: zod's schema builders, so a
 * chunk that needs only a constant of a shared module leaves zod out). The bundler matches the name,
 * not the binding: a library with a function of its own named `z` (a minifier's name) would have its
 * calls dropped in silence. This fails the build instead, naming the file.
 */
export function onlyZodCallsZ(): Plugin {
  const library = /[\\/]node_modules[\\/](?!zod[\\/])/;
  const callOfZ = /(?<![\w$.])z\(/;
  return {
    name: 'playon-only-zod-calls-z',
    apply: 'build',
    transform(code, id) {
      if (library.test(id) && callOfZ.test(code))
        throw new Error(`${id} calls a function of its own named 'z', which the zod purity hint drops`);
      return null;
    },
  };
}

// ESLint guards only what Biome cannot: the import boundaries of ADR 0021 (modules depend one way).
// - a web feature never imports another feature (shared pieces live in components/ or lib/);
// - a server module reaches another module only through that module's service.ts;
// - the shared package never depends on the apps.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const webFeature = /^apps\/web\/src\/features\/([^/]+)\//;
const serverModule = /^apps\/server\/src\/modules\/([^/]+)\/(.+)$/;

/** The rule that an import from `file` to `target` (both relative to the root) breaks, if any. */
function brokenBoundary(file, target) {
  const fromFeature = webFeature.exec(file)?.[1];
  const toFeature = webFeature.exec(target)?.[1];
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return `Features must not import each other (${fromFeature} → ${toFeature}); move the shared piece to components/ or lib/.`;
  }
  const fromModule = serverModule.exec(file)?.[1];
  const to = serverModule.exec(target);
  if (fromModule && to && to[1] !== fromModule && !/^service(\.ts)?$/.test(to[2])) {
    return `A module reaches another only through its service.ts (${fromModule} → ${to[1]}/${to[2]}).`;
  }
  if (file.startsWith('packages/shared/') && target.startsWith('apps/')) {
    return 'The shared package must not depend on the apps.';
  }
  return null;
}

const importBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = relative(root, context.filename).split(sep).join('/');
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const target = relative(root, resolve(dirname(context.filename), source.value))
        .split(sep)
        .join('/');
      const message = brokenBoundary(file, target);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { playon: { rules: { 'import-boundaries': importBoundaries } } },
    rules: { 'playon/import-boundaries': 'error' },
  },
);

// ESLint guards only what Biome cannot: the import boundaries of the architecture (section 3).
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const folders = (path) => {
  try {
    return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const webFeatures = folders('./apps/web/src/features/');
const serverModules = folders('./apps/server/src/modules/');

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A web feature never imports another feature: shared pieces live in components/ or lib/.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features must not import each other; move the shared piece to components/ or lib/.',
            })),
            // A server module reaches another only through that module's service.
            ...serverModules.map((module) => ({
              target: `./apps/server/src/modules/${module}`,
              from: './apps/server/src/modules',
              except: [
                `./${module}`,
                ...serverModules.filter((m) => m !== module).map((m) => `./${m}/service.ts`),
              ],
              message: 'A module reaches another only through its service.ts.',
            })),
            {
              target: './packages/shared',
              from: './apps',
              message: 'The shared package must not depend on the apps.',
            },
          ],
        },
      ],
    },
  },
);

import { posix } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/** A chunk that only passes on another chunk's exports under the module's names. */
const facadeShape = /^export\s*\{([^}]*)\}\s*from\s*(["'`])(\.{1,2}\/[^"'`]+)\2;?$/;

interface Facade {
  target: string;
  /** [name the importer reads, the target chunk's export] */
  names: [string, string][];
}

function facadeOf(chunk: Rolldown.OutputChunk): Facade | null {
  const match = facadeShape.exec(chunk.code.trim());
  if (!match || chunk.isEntry) return null;
  const names = (match[1] ?? '')
    .split(',')
    .map((spec) => spec.trim())
    .filter(Boolean)
    .map((spec): [string, string] => {
      const [local = '', exported] = spec.split(/\s+as\s+/);
      return [exported ?? local, local];
    });
  return { target: posix.join(posix.dirname(chunk.fileName), match[3] ?? ''), names };
}

const relativeTo = (from: string, file: string) => {
  const path = posix.relative(posix.dirname(from), file);
  return path.startsWith('.') ? path : `./${path}`;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * No round trip for a facade. A module that a screen imports lazily but that lives in a
 * shared chunk (the first screens', the dashboard's) got a chunk of its own that only re-exports it
 * from there: one more file per lazy import, asked for before the code it points to. On a first
 * screen that was seven of its fifteen scripts, each a request of its own over HTTP/1.1's six
 * connections. Rolldown keeps them (Rollup does not); this does what Rollup does: each `import()` of
 * a facade imports the chunk it points to and names its exports as the facade did, and the facade
 * leaves the build. It runs before Vite lists a lazy import's chunks to preload, so those lists, the
 * HTML's and the precache name the real chunks. Chunks of another shape are left as they are, and so
 * are the facades `keep` names, by their file or the file they point to.
 */
export function pastFacades({ keep = () => false }: { keep?: (fileName: string) => boolean } = {}): Plugin {
  return {
    name: 'playon-past-facades',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const facades = new Map<string, Facade>();
        for (const chunk of chunks) {
          const facade = facadeOf(chunk);
          if (
            facade &&
            !keep(chunk.fileName) &&
            !keep(facade.target) &&
            bundle[facade.target]?.type === 'chunk'
          )
            facades.set(chunk.fileName, facade);
        }
        const staticallyImported = new Set(chunks.flatMap((chunk) => chunk.imports));
        for (const [file, facade] of facades) {
          // Imported by name somewhere: the file must stay, so it stays in every list too.
          if (staticallyImported.has(file)) {
            facades.delete(file);
            continue;
          }
          for (const chunk of chunks) {
            if (!chunk.dynamicImports.includes(file)) continue;
            const call = new RegExp(
              `import\\((["'\`])${escapeRegExp(relativeTo(chunk.fileName, file))}\\1\\)`,
              'g',
            );
            const names = facade.names.map(([name, local]) => `${JSON.stringify(name)}:n.${local}`).join(',');
            const replacement = `import(\`${relativeTo(chunk.fileName, facade.target)}\`).then(n=>({${names}}))`;
            const code = chunk.code.replace(call, replacement);
            if (code === chunk.code)
              this.error(`past-facades: ${chunk.fileName} names ${file} in no import() it can read`);
            chunk.code = code;
            chunk.dynamicImports = [
              ...new Set(
                chunk.dynamicImports.map((imported) => (imported === file ? facade.target : imported)),
              ),
            ];
          }
          delete bundle[file];
        }
      },
    },
  };
}

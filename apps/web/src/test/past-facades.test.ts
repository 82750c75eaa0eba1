import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { pastFacades } from '../../scripts/past-facades';

type Bundle = Record<string, Rolldown.OutputChunk>;

const chunk = (fileName: string, code: string, more: Partial<Rolldown.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    code,
    isEntry: false,
    imports: [],
    dynamicImports: [],
    ...more,
  }) as Rolldown.OutputChunk;

function run(bundle: Bundle): void {
  const hook = pastFacades().generateBundle as {
    handler: (this: unknown, options: unknown, bundle: Bundle) => void;
  };
  hook.handler.call(
    {
      error: (message: string) => {
        throw new Error(message);
      },
    },
    {},
    bundle,
  );
}

describe('the build without facades', () => {
  it('imports the chunk a facade points to, under the names the facade gave, and drops the facade', () => {
    const bundle: Bundle = {
      'assets/shared-1.js': chunk('assets/shared-1.js', 'function a(){}function b(){}export{a as t,b as u};'),
      'assets/dashboard-2.js': chunk(
        'assets/dashboard-2.js',
        'export{t as Component,u as loader}from"./shared-1.js";',
      ),
      'assets/boot-3.js': chunk(
        'assets/boot-3.js',
        'const d=()=>R(()=>import(`./dashboard-2.js`),__VITE_PRELOAD__);',
        {
          dynamicImports: ['assets/dashboard-2.js'],
        },
      ),
      'assets/ops/ops-4.js': chunk(
        'assets/ops/ops-4.js',
        'import("../dashboard-2.js").then(m=>m.Component);',
        {
          dynamicImports: ['assets/dashboard-2.js'],
        },
      ),
    };
    run(bundle);
    expect(bundle['assets/dashboard-2.js']).toBeUndefined();
    expect(bundle['assets/boot-3.js']?.code).toBe(
      'const d=()=>R(()=>import(`./shared-1.js`).then(n=>({"Component":n.t,"loader":n.u})),__VITE_PRELOAD__);',
    );
    expect(bundle['assets/boot-3.js']?.dynamicImports).toEqual(['assets/shared-1.js']);
    expect(bundle['assets/ops/ops-4.js']?.code).toBe(
      'import(`../shared-1.js`).then(n=>({"Component":n.t,"loader":n.u})).then(m=>m.Component);',
    );
  });

  it('keeps a facade some chunk imports by name, entries and chunks of any other shape', () => {
    const bundle: Bundle = {
      'assets/shared-1.js': chunk('assets/shared-1.js', 'export{a as t};'),
      'assets/kept-2.js': chunk('assets/kept-2.js', 'export{t as x}from"./shared-1.js";'),
      'assets/user-3.js': chunk('assets/user-3.js', 'import{x}from"./kept-2.js";import(`./kept-2.js`);', {
        imports: ['assets/kept-2.js'],
        dynamicImports: ['assets/kept-2.js'],
      }),
      'assets/entry-4.js': chunk('assets/entry-4.js', 'export{t as y}from"./shared-1.js";', {
        isEntry: true,
      }),
      'assets/own-5.js': chunk('assets/own-5.js', 'console.log(1);export{t as z}from"./shared-1.js";'),
    };
    const before = JSON.stringify(bundle);
    run(bundle);
    expect(JSON.stringify(bundle)).toBe(before);
  });
});

describe('facades it is told to keep', () => {
  it('stay, with every import of them', () => {
    const bundle: Bundle = {
      'assets/ops/shared-1.js': chunk('assets/ops/shared-1.js', 'export{a as t};'),
      'assets/ops/route-2.js': chunk('assets/ops/route-2.js', 'export{t as Component}from"./shared-1.js";'),
      'assets/route-3.js': chunk('assets/route-3.js', 'export{t as Component}from"./ops/shared-1.js";'),
      'assets/routes-4.js': chunk(
        'assets/routes-4.js',
        'import(`./ops/route-2.js`);import(`./route-3.js`);',
        {
          dynamicImports: ['assets/ops/route-2.js', 'assets/route-3.js'],
        },
      ),
    };
    const before = JSON.stringify(bundle);
    const hook = pastFacades({ keep: (file) => file.startsWith('assets/ops/') }).generateBundle as {
      handler: (this: unknown, options: unknown, bundle: Bundle) => void;
    };
    hook.handler.call({}, {}, bundle);
    expect(JSON.stringify(bundle)).toBe(before);
  });
});

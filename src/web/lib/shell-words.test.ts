import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../../shared/messages/shell.ts';

// The first JavaScript of a page holds only the frame's words (shared/messages/shell.ts); the
// words of the other pages arrive with those pages' code (docs/decisions/023). A component of
// the frame that read a word from pages.ts would show nothing until some other page loaded it.
// This follows the imports from the entry and from the frame's pages (router.tsx's lazy pages
// excepted: they load the other words themselves) and checks every `t.word` read on the way.
const WEB = resolve(import.meta.dirname, '..');
const FRAME_ROOTS = ['main.tsx', 'app/pages/home-page.tsx', 'app/pages/not-found-page.tsx'].map((file) =>
  join(WEB, file),
);

function frameModules(): Map<string, string> {
  const sources = new Map<string, string>();
  const visit = (file: string) => {
    if (sources.has(file)) return;
    const source = readFileSync(file, 'utf8');
    sources.set(file, source);
    const isRouter = file === join(WEB, 'app/router.tsx');
    // Value imports (an `import type` is not in the bundle), re-exports and dynamic imports.
    for (const match of source.matchAll(
      /(^(?:import|export) (?!type )[^;]*?from\s+|import\s*\(\s*|^import\s+)'(\.[^']+\.tsx?)'/gm,
    )) {
      // The router's lazy pages are not the frame: they load the other pages' words.
      if (isRouter && match[1]!.startsWith('import(')) continue;
      const target = resolve(dirname(file), match[2]!);
      if (existsSync(target)) visit(target);
    }
  };
  FRAME_ROOTS.forEach(visit);
  return sources;
}

describe("the frame's words", () => {
  const modules = frameModules();

  it('follows the frame from the entry to its pages', () => {
    const files = [...modules.keys()].map((file) => relative(WEB, file));
    expect(files).toEqual(expect.arrayContaining(['app/layouts/navbar.tsx', 'app/pages/home-page.tsx']));
    expect(files).not.toContain('features/auth/pages/login-page.tsx');
  });

  it('reads only words of shell.ts in the entry and the frame pages', () => {
    const missing: string[] = [];
    for (const [file, source] of modules)
      for (const [, key] of source.matchAll(/\bt\.(\w+)/g))
        if (!(key! in shellMessages)) missing.push(`${relative(WEB, file)}: t.${key}`);
    expect(missing).toEqual([]);
  });

  it('does not bring the whole dictionary into the frame', () => {
    const wholeDictionary = [...modules.keys()].filter((file) =>
      /^import (?!type )[^;]*from '[./]*(shared\/)?messages(\.bn)?\.ts'/m.test(modules.get(file)!),
    );
    expect(wholeDictionary.map((file) => relative(WEB, file))).toEqual([]);
  });
});

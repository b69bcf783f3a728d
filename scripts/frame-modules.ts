// The modules the first page needs before it can hydrate: the web app's entry (main.tsx) and
// the home page, followed through their static imports (not `import type`, not `import()`),
// plus the libraries they run on. vite.config.ts puts them in one chunk: one download and one
// gzip stream instead of twenty slivers, each paying its own compression overhead and, over
// HTTP/1.1, its own turn among the browser's six connections.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** The libraries the entry and the home page run on. */
export const FRAME_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)[\\/]/;

export function frameModules(roots: string[]): Set<string> {
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /^(?:import|export) (?!type )[^;]*?from\s+'(\.[^']+\.tsx?)'|^import\s+'(\.[^']+\.tsx?)'/gm,
    )) {
      const target = resolve(dirname(file), (match[1] ?? match[2])!);
      if (existsSync(target)) visit(target);
    }
  };
  roots.forEach((root) => visit(resolve(root)));
  return modules;
}

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import type * as PrerenderModule from './src/web/prerender.tsx';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The app's scripts do not block the first paint: index.html draws a static top bar and
 * spinner as soon as the stylesheet is in, and React replaces them. So the entry script and
 * the modules it preloads are fetched at low priority, after the stylesheet and the hero
 * image, which are what the first paints need (issue 6). Lighthouse's simulation otherwise
 * counts every high-priority script that loaded before the first paint as render-blocking,
 * module scripts included, and reports that paint as waiting for the JavaScript.
 */
function lowPriorityScripts(): Plugin {
  const entry = '<script type="module" crossorigin src=';
  return {
    name: 'agritools:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(entry))
          throw new Error(`index.html: the entry script tag (${entry}...) was not found`);
        return html
          .replace(entry, '<script type="module" crossorigin fetchpriority="low" src=')
          .replaceAll(
            '<link rel="modulepreload" crossorigin href=',
            '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
          );
      },
    },
  };
}

/** index.html's placeholder, which a prerendered page replaces with its own HTML. */
const SHELL = /<div id="root">\s*<!--shell-->[\s\S]*<!--\/shell-->\s*<\/div>/;

/**
 * After the browser build: compiles src/web/prerender.tsx for Node, renders each public page
 * into a copy of index.html (dist/web/prerendered/*.html) and lists them in
 * prerendered/manifest.json, which the server reads (src/server/plugins/spa.ts). Those pages
 * paint from the HTML alone; the browser then hydrates them (docs/decisions/009).
 */
function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'agritools:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const serverDir = resolve(config.root, '../../dist/prerender');
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          build: { ssr: 'prerender.tsx', outDir: serverDir, emptyOutDir: true },
        });
        const { PRERENDERED_PATHS, renderPage } = (await import(
          pathToFileURL(join(serverDir, 'prerender.js')).href
        )) as typeof PrerenderModule;
        const template = await readFile(join(outDir, 'index.html'), 'utf8');
        if (!SHELL.test(template)) throw new Error('index.html: the <!--shell--> placeholder was not found');
        await mkdir(join(outDir, 'prerendered'), { recursive: true });
        const manifest: Record<string, string> = {};
        for (const path of PRERENDERED_PATHS) {
          const html = await renderPage(path);
          const file = `prerendered/${path === '/' ? 'root' : path.slice(1)}.html`;
          await writeFile(
            join(outDir, file),
            template.replace(SHELL, () => `<div id="root" data-prerendered>${html}</div>`),
          );
          manifest[path] = file;
        }
        await writeFile(join(outDir, 'prerendered/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
        await rm(serverDir, { recursive: true, force: true });
      },
    },
  };
}

// The SPA lives in src/web; its build goes to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), lowPriorityScripts(), prerenderPublicPages()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // The browsers Tailwind 4 itself needs (its CSS uses @property, color-mix and oklch), so
    // Lightning CSS adds no fallbacks for older ones: a smaller render-blocking stylesheet.
    cssTarget: ['chrome111', 'edge111', 'firefox128', 'safari16.4'],
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries the form and data pages share, one chunk each rather than a dozen
          // slivers: over HTTP/1.1 a browser fetches six files at a time from one host, so
          // every extra file of a page's JavaScript can cost it a round trip.
          // Only the libraries themselves: what they import (React) stays where it is.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});

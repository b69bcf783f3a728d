import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { FRAME_LIBRARIES, frameModules } from './scripts/frame-modules.ts';
import { startScriptsTag } from './src/shared/start-scripts.ts';

/** What the first page runs before it hydrates (scripts/frame-modules.ts). */
const frame = frameModules(['src/web/main.tsx', 'src/web/app/pages/home-page.tsx']);

/**
 * The app's scripts start after the first paint. The page (index.html, or the one the build
 * drew) is complete without them, so its entry script and the modules it preloads leave the
 * HTML: a small inline script (src/shared/start-scripts.ts) asks for them once the browser has
 * painted, and the stylesheet and the hero image have the connection to themselves until then.
 * Lighthouse's simulation otherwise counts every script requested before the largest paint as
 * needed for that paint, and reports it as waiting for the JavaScript (docs/decisions/009).
 */
function scriptsAfterFirstPaint(): Plugin {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
  const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
  return {
    name: 'agritools:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const source = entry.exec(html)?.[1];
        if (!source) throw new Error(`index.html: the entry script tag (${String(entry)}) was not found`);
        const preloads = [...html.matchAll(preload)].map((match) => match[1]!);
        if (!html.includes('</body>')) throw new Error('index.html: </body> was not found');
        return html
          .replace(preload, '')
          .replace(entry, '')
          .replace('</body>', `${startScriptsTag(source, preloads)}\n  </body>`);
      },
    },
  };
}

// The SPA lives in src/web; its build goes to dist/web, which the Fastify server serves.
// `npm run build` then draws the public pages into it (scripts/prerender.ts).
export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss(), scriptsAfterFirstPaint()],
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
            // The entry, the home page and the libraries they run on: one file, so the home
            // page's JavaScript is three downloads (this, its words, the reviews carousel),
            // not twenty-three, and several kilobytes smaller compressed.
            {
              name: 'frame',
              // main.tsx stays the entry's own chunk: it waits (top-level await) for the
              // Bengali words, whose chunk imports from this one, which must have finished.
              test: (id: string) =>
                (frame.has(id.split('?')[0]!) && !id.endsWith('/src/web/main.tsx')) ||
                FRAME_LIBRARIES.test(id),
              priority: 10,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            // The form library apart from the schema library: the login and sign-up pages use
            // the first alone (docs/decisions/034); the other forms use both.
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/ },
            { name: 'schemas', test: /node_modules[\\/](zod|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});

// Draws the public pages at build time (docs/decisions/009). `npm run build` runs it after
// `vite build`: it compiles src/web/prerender.tsx for Node, renders each page it lists into a
// copy of the built index.html (dist/web/prerendered/*.html) and lists them in
// prerendered/manifest.json, which the server reads (src/server/plugins/spa.ts).
//
// The pieces are exported for other build steps and tests:
//   const renderer = await loadPageRenderer();        // compile once
//   const html = await renderRoute(renderer, template, '/blogs', { lang: 'en' });
//   await renderer.close();
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as PrerenderModule from '../src/web/prerender.tsx';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..');
/** Where `vite build` puts the browser build, and so the pages. */
export const WEB_OUT_DIR = join(PROJECT_ROOT, 'dist/web');

/** src/web/prerender.tsx compiled for Node; close() removes the compiled files. */
export type PageRenderer = typeof PrerenderModule & { close(): Promise<void> };

/** index.html's placeholder, which a prerendered page replaces with its own HTML. */
const SHELL = /<div id="root">\s*<!--shell-->[\s\S]*<!--\/shell-->\s*<\/div>/;
const HTML_LANG = /<html lang="[^"]*"/;

/**
 * Compiles src/web/prerender.tsx for Node (with the project's Vite config, so imports resolve
 * as in the browser build) and loads it. The compiled files (the pages' lazy chunks among them,
 * loaded while rendering) stay in a scratch folder until close().
 */
export async function loadPageRenderer(): Promise<PageRenderer> {
  const scratch = join(PROJECT_ROOT, 'dist/prerender');
  await build({
    configFile: join(PROJECT_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'prerender.tsx', outDir: scratch, emptyOutDir: true },
  });
  const module = (await import(pathToFileURL(join(scratch, 'prerender.js')).href)) as typeof PrerenderModule;
  return { ...module, close: () => rm(scratch, { recursive: true, force: true }) };
}

/**
 * A whole HTML document: `template` (the built index.html) with the app's HTML for one page in
 * place of the shell, marked for hydration, and `lang` on the <html> element.
 */
export function pageDocument(
  template: string,
  appHtml: string,
  options: { lang?: string; head?: string } = {},
): string {
  if (!SHELL.test(template)) throw new Error('index.html: the <!--shell--> placeholder was not found');
  return withLanguage(template, options).replace(
    SHELL,
    () => `<div id="root" data-prerendered>${appHtml}</div>`,
  );
}

/** `template` with `lang` on its <html> element and `head` (links of that language) before </head>. */
function withLanguage(template: string, options: { lang?: string; head?: string }): string {
  if (!HTML_LANG.test(template)) throw new Error('index.html: <html lang="..."> was not found');
  const lang = options.lang ?? 'en';
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) throw new Error(`not a language tag: ${lang}`);
  return template
    .replace(HTML_LANG, `<html lang="${lang}"`)
    .replace('</head>', () => `${options.head ?? ''}</head>`);
}

/**
 * What a Bengali page's <head> adds (docs/decisions/023): the Bengali chunk's stylesheet (the
 * font faces, half a kilobyte) written into the page, and a preload of that chunk and of the
 * regular font, so the page's first paint has the font and its hydration does not wait for a
 * second round trip. A linked stylesheet would hold the first paint back by a round trip of
 * its own. Found in the build's assets by name (Vite names a lazy chunk's files after its
 * module, locale-bn.ts).
 */
export async function bengaliHead(outDir: string): Promise<string> {
  const assets = await readdir(join(outDir, 'assets'));
  const find = (pattern: RegExp) => {
    const file = assets.find((name) => pattern.test(name));
    if (!file) throw new Error(`the build has no asset matching ${String(pattern)}`);
    return `/assets/${file}`;
  };
  const fontFaces = await readFile(join(outDir, find(/^locale-bn-[\w-]+\.css$/)), 'utf8');
  if (/<\//.test(fontFaces)) throw new Error('the Bengali stylesheet cannot be written into a page');
  return [
    `<style>${fontFaces.trim()}</style>`,
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="${find(/^noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/)}">`,
    `<link rel="modulepreload" crossorigin fetchpriority="low" href="${find(/^locale-bn-[\w-]+\.js$/)}">`,
  ].join('');
}

/** The spinner shell (index.html) for Bengali pages that are not drawn in advance. */
export function bengaliShell(template: string, head: string): string {
  return withLanguage(template, { lang: 'bn', head }).replace(
    '<span class="sr-only">Loading</span>',
    '<span class="sr-only">লোড হচ্ছে</span>',
  );
}

/** Renders the page at `url` and returns it as a complete HTML document. */
export async function renderRoute(
  renderer: PageRenderer,
  template: string,
  url: string,
  options: { lang?: string; head?: string } = {},
): Promise<string> {
  return pageDocument(template, await renderer.renderPage(url), options);
}

/** The file a page is written to, under the build's root: /bn/home -> prerendered/bn_home.html. */
export function pageFile(path: string): string {
  const name = path === '/' ? 'root' : path.slice(1).replaceAll('/', '_');
  if (!/^[\w-]+$/.test(name)) throw new Error(`cannot name a prerendered file for ${path}`);
  return `prerendered/${name}.html`;
}

/** Renders every page the renderer lists into `outDir`/prerendered/ with its manifest. */
export async function prerenderPages(outDir = WEB_OUT_DIR, renderer?: PageRenderer): Promise<string[]> {
  const render = renderer ?? (await loadPageRenderer());
  try {
    const template = await readFile(join(outDir, 'index.html'), 'utf8');
    await mkdir(join(outDir, 'prerendered'), { recursive: true });
    const manifest: Record<string, string> = {};
    const bengali = await bengaliHead(outDir);
    for (const page of render.PRERENDERED_PAGES) {
      const file = pageFile(page.path);
      const head = page.lang === 'bn' ? bengali : '';
      await writeFile(join(outDir, file), await renderRoute(render, template, page.path, { ...page, head }));
      manifest[page.path] = file;
    }
    // Every other /bn/… page starts from the spinner shell in Bengali (src/server/plugins/spa.ts).
    await writeFile(join(outDir, 'prerendered/bn-shell.html'), bengaliShell(template, bengali));
    manifest['/bn/*'] = 'prerendered/bn-shell.html';
    await writeFile(join(outDir, 'prerendered/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return Object.keys(manifest);
  } finally {
    if (!renderer) await render.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const paths = await prerenderPages();
  console.log(`prerendered ${paths.length} pages: ${paths.join(' ')}`);
}

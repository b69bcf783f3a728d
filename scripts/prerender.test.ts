import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bengaliHead, pageDocument, pageFile } from './prerender.ts';

const template = `<!doctype html>
<html lang="en" data-theme="agritools">
  <body>
    <div id="root">
      <!--shell-->
      <p>Loading</p>
      <!--/shell-->
    </div>
  </body>
</html>`;

describe('the prerender step', () => {
  it('puts the page in place of the shell, marked for hydration, in its language', () => {
    const html = pageDocument(template, '<h1>Blogs $& $1</h1>', { lang: 'bn' });
    expect(html).toContain('<html lang="bn" data-theme="agritools">');
    expect(html).toContain('<div id="root" data-prerendered><h1>Blogs $& $1</h1></div>');
    expect(html).not.toContain('Loading');
  });

  it('keeps English by default and refuses a template without the shell or a bad language', () => {
    expect(pageDocument(template, '<p>x</p>')).toContain('<html lang="en"');
    expect(() => pageDocument('<html lang="en"><div id="root"></div>', '')).toThrow(/shell/);
    expect(() => pageDocument(template, '', { lang: 'en"><script>' })).toThrow(/language/);
  });

  it('names one flat file per path', () => {
    expect(pageFile('/')).toBe('prerendered/root.html');
    expect(pageFile('/blogs')).toBe('prerendered/blogs.html');
    expect(pageFile('/bn/home')).toBe('prerendered/bn_home.html');
    expect(() => pageFile('/../x')).toThrow();
  });
});

describe('Bengali pages of the prerender step', () => {
  it('gives the Bengali shell lang="bn", its head links and a Bengali spinner label', async () => {
    const { bengaliShell } = await import('./prerender.ts');
    const withHead = template
      .replace('<body>', '<head></head><body>')
      .replace('<p>Loading</p>', '<span class="sr-only">Loading</span>');
    const html = bengaliShell(withHead, '<link rel="stylesheet" href="/assets/locale-bn-x.css">');
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/locale-bn-x.css"></head>');
    expect(html).toContain('<span class="sr-only">লোড হচ্ছে</span>');
    expect(html).toContain('<!--shell-->');
  });

  it('writes the Bengali font faces into the head, so the first paint waits for no stylesheet', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'agritools-prerender-'));
    try {
      await mkdir(join(outDir, 'assets'));
      const fontFaces =
        '@font-face{font-family:Noto Sans Bengali;src:url(/assets/noto-sans-bengali-bengali-400-normal-a1.woff2)}';
      await writeFile(join(outDir, 'assets/locale-bn-b2.css'), `${fontFaces}\n`);
      await writeFile(join(outDir, 'assets/locale-bn-c3.js'), '');
      await writeFile(join(outDir, 'assets/noto-sans-bengali-bengali-400-normal-a1.woff2'), '');
      const head = await bengaliHead(outDir);
      expect(head).toContain(`<style>${fontFaces}</style>`);
      expect(head).not.toContain('rel="stylesheet"');
      expect(head).toContain(
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-bengali-bengali-400-normal-a1.woff2">',
      );
      expect(head).toContain('href="/assets/locale-bn-c3.js"');
      // A stylesheet that could close the <style> element is refused, not written into pages.
      await writeFile(join(outDir, 'assets/locale-bn-b2.css'), 'a{}</style><script>alert(1)</script>');
      await expect(bengaliHead(outDir)).rejects.toThrow(/cannot be written/);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

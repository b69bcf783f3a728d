import { describe, expect, it } from 'vitest';
import { pageDocument, pageFile } from './prerender.ts';

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
});

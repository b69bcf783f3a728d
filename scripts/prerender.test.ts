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

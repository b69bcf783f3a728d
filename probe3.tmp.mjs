import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync'] });
const ctx = await b.newContext({ viewport: { width: +process.env.W || 375, height: 740 } });
const p = await ctx.newPage();
const base='http://localhost:3300';
const who = process.env.WHO || 'admin';
const r = await p.request.post(base+'/api/auth/sign-in/email', { data: { email: who+'@agritools.local', password: 'agritools-'+who }, headers: { origin: base } });
console.log('signin', r.status());
for (const path of process.argv.slice(2)) {
  await p.goto(base+path); await p.waitForLoadState('networkidle'); await p.waitForTimeout(1000);
  const res = await new AxeBuilder({ page: p }).withTags(['wcag2a','wcag2aa']).analyze();
  for (const v of res.violations) for (const n of v.nodes) console.log(path, v.impact, v.id, n.target.join(' '), n.any.map(a=>JSON.stringify(a.data)).join(' '));
  await p.screenshot({ path: '/tmp/shot'+(process.env.W||375)+path.replace(/\//g,'_')+'.png', fullPage: true });
}
await b.close();

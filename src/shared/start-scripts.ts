import { createHash } from 'node:crypto';

// How the built pages start the app's JavaScript (docs/decisions/009): not from the HTML itself
// but from this small inline script, once the browser has painted the page. The build
// (vite.config.ts) puts it in every page with the entry module and the modules it imports as
// attributes of its tag; the server allows exactly this script by its hash in the
// Content-Security-Policy (plugins/security.ts), and no other inline script.

/** The script's text: the same in every build, so its hash is too. */
export const START_SCRIPTS = [
  '(function(){',
  'var tag=document.currentScript,started=false;',
  'function start(){',
  'if(started)return;started=true;',
  "(tag.getAttribute('data-preload')||'').split(' ').filter(Boolean).forEach(function(href){",
  "var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link);",
  '});',
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=tag.getAttribute('data-entry');document.head.appendChild(script);",
  '}',
  // Once the browser reports the first contentful paint: it has then been shown, not only
  // drawn, and Lighthouse counts no script as needed for it (docs/decisions/009). The page's
  // load event can come before that paint, so it starts the scripts only in a tab opened in
  // the background, which paints nothing until it is shown, and after 3 s as a last resort.
  // A browser that reports no paints starts after the next frame, or at load.
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];',
  "if(types.indexOf('paint')<0){requestAnimationFrame(function(){setTimeout(start,0);});addEventListener('load',start);}",
  "else{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start();}).observe({type:'paint',buffered:true});",
  "addEventListener('load',function(){setTimeout(start,document.visibilityState==='hidden'?0:3000);});}",
  '})();',
].join('');

/** The CSP source that allows the script (`'sha256-…'`). */
export function startScriptsSource(): string {
  return `'sha256-${createHash('sha256').update(START_SCRIPTS).digest('base64')}'`;
}

/** The script's tag, naming the entry module and the modules to preload. */
export function startScriptsTag(entry: string, preloads: string[]): string {
  return `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${START_SCRIPTS}</script>`;
}

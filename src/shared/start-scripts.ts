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
  // After the next frame is painted; a tab opened in the background paints no frames, so it
  // starts once the page has loaded.
  'requestAnimationFrame(function(){setTimeout(start,0);});',
  "addEventListener('load',start);",
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

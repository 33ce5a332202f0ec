import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths';
import { fileTypeOf } from './package-zip';

/**
 * Headers of everything a package frame loads. The frame is untrusted code: `sandbox allow-scripts`
 * (no allow-same-origin) gives the document an opaque origin even when opened on its own, so it can
 * read none of our cookies, storage or API; connect-src 'self' lets it fetch only its own files (H5P
 * reads its JSON) and the LRS. CORS and CORP open the files to that opaque origin: they are served
 * only under a signed path (package-links.ts), never by a cookie.
 */
export function packageHeaders(contentType: string, size: number): Record<string, string> {
  return {
    'content-type': contentType,
    'content-length': String(size),
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'content-security-policy': [
      'sandbox allow-scripts allow-forms allow-popups',
      "default-src 'self' data: blob:",
      // H5P libraries and authoring tools' packages inject inline scripts and styles, and some eval.
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' data: blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'none'",
      "frame-ancestors 'self'",
    ].join('; '),
  };
}

const PLAYER_DIR = join(PROJECT_ROOT, 'node_modules', 'h5p-standalone', 'dist');
/** h5p-standalone's files the play page loads (and the fonts and images its CSS names). */
const PLAYER_FILE =
  /^(?:main\.bundle\.js|frame\.bundle\.js|styles\/h5p(?:-fonts)?\.css|images\/[\w.-]+|fonts\/(?:[\w-]+\/)?[\w.-]+)$/;

/** A file of the H5P player (h5p-standalone's dist), or null. Read once, kept: they never change at run time. */
const cache = new Map<string, { bytes: Uint8Array; type: string } | null>();
export function h5pPlayerFile(path: string): { bytes: Uint8Array; type: string } | null {
  if (!PLAYER_FILE.test(path) || path.includes('..')) return null;
  if (cache.has(path)) return cache.get(path) ?? null;
  const file = join(PLAYER_DIR, path);
  const type = fileTypeOf(path);
  const found = type && existsSync(file) ? { bytes: new Uint8Array(readFileSync(file)), type } : null;
  cache.set(path, found);
  return found;
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a frame opens to play an H5P package: h5p-standalone renders the package from the files
 * next to it, and each xAPI statement H5P's dispatcher emits goes to the player (window.parent) by
 * postMessage. The player checks the message comes from its own frame and hands it to the runtime,
 * which stamps the learner and assignment on it (nodes/packages.ts): the page never sees either.
 */
export function h5pPlayPage(title: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttr(title)}</title>
<style>html,body{margin:0;padding:0;background:#fff}</style>
<script>
// The sandbox's opaque origin has no Web Storage (reading it throws) and H5P reads localStorage:
// it gets one in memory, gone with the frame, which is what an opaque origin may keep anyway.
['localStorage', 'sessionStorage'].forEach(function (name) {
  try { if (window[name]) return; } catch (e) { /* replaced below */ }
  var items = {};
  var store = {
    getItem: function (k) { return Object.prototype.hasOwnProperty.call(items, k) ? items[k] : null; },
    setItem: function (k, v) { items[k] = String(v); },
    removeItem: function (k) { delete items[k]; },
    clear: function () { items = {}; },
    key: function (i) { return Object.keys(items)[i] || null; },
  };
  Object.defineProperty(store, 'length', { get: function () { return Object.keys(items).length; } });
  Object.defineProperty(window, name, { value: store, configurable: true });
});
</script>
<script src="/api/h5p-player/main.bundle.js"></script>
</head><body><div id="h5p"></div>
<script>
(function () {
  var here = location.href.replace(/[^/]*$/, '');
  var post = function (message) { window.parent.postMessage(Object.assign({ source: 'flowlearn-package' }, message), '*'); };
  new H5PStandalone.H5P(document.getElementById('h5p'), {
    h5pJsonPath: here.replace(/\\/$/, ''),
    frameJs: '/api/h5p-player/frame.bundle.js',
    frameCss: '/api/h5p-player/styles/h5p.css',
    // Div, not h5p-standalone's default nested iframe, which did not render inside our sandboxed frame.
    embedType: 'div', frame: false, copyright: false, export: false, icon: false, fullScreen: false,
  }).then(function () {
    // H5P names the content by its URL, which here is the signed, expiring files path: the LRS gets a
    // stable IRI instead (the same for every play, and no capability in the records).
    var signed = here.replace(/\\/$/, '');
    var stable = location.origin + '/api/h5p/' + location.pathname.split('/')[3];
    H5P.externalDispatcher.on('xAPI', function (event) {
      var statement = JSON.parse(JSON.stringify(event.data.statement).split(signed).join(stable));
      post({ type: 'xapi', statement: statement });
    });
    post({ type: 'ready' });
  }).catch(function (error) { post({ type: 'error', message: String(error && error.message || error) }); });
})();
</script></body></html>`;
}

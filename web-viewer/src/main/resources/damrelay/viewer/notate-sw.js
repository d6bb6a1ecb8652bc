// The notation page's service worker: its own files, network first, from the cache when the relay
// cannot be reached, so a phone that reloads the page without a connection still has it (and the
// entries kept in its storage). Every other request of the viewer passes through untouched.
const CACHE = 'damrelay-notate-v2';
const FILES = ['notate.html', 'js/main.js', 'css/viewer.css', 'css/notate.css', 'js/notate.js', 'js/fen.js', 'js/board.js', 'js/rules.js',
  'js/taps.js', 'js/outbox.js', 'js/connection.js', 'js/ui.js', 'js/alerts.js', 'js/model.js', 'js/notation.js',
  'js/i18n.js', 'js/i18n/nl.js', 'js/i18n/en.js'];
const OURS = new Set(FILES.map(f => new URL(f, self.registration.scope).pathname));

self.addEventListener('install', ev => {
  ev.waitUntil(caches.open(CACHE).then(c => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', ev => ev.waitUntil(self.clients.claim()));
self.addEventListener('fetch', ev => {
  const url = new URL(ev.request.url);
  if (ev.request.method !== 'GET' || url.origin !== self.location.origin || !OURS.has(url.pathname)) return;
  ev.respondWith(fetch(ev.request).then(res => {
    if (res.ok) {
      const copy = res.clone();
      caches.open(CACHE).then(c => c.put(url.pathname, copy));
    }
    return res;
  }).catch(() => caches.match(url.pathname)));
});

// Kanal's service worker: opening the app offline shows what was last loaded.
// The build writes it to dist/sw.js with BUILD (a digest of the build's files) and ASSETS (every
// file under /assets/) filled in (vite.config.ts, serviceWorker), so a new deployment installs anew.
//
// - At install: the app shell (index.html) and every asset, so any screen opens offline.
// - Pages: the network first; offline, the app shell kept from the last visit.
// - /assets/: their names change with their content, so a kept copy is always right (cache first).
// - The lists, the items opened and the user's details: the network first; offline, the last answer,
//   kept per person (the key carries a digest of the session's token), and dropped at sign-out. It comes
//   marked as a copy: the app uses it only while the browser says it is offline.
// Nothing else is cached: files, writes and every other call go to the network as they are.
//
// Push notices (web push, sent by the server's notifications module) are shown as the system's
// notifications; a click opens the item in the app's window, or a new one.
const BUILD = '__BUILD__';
const ASSETS = /* __ASSETS__ */ [];
const SHELL = `kanal-shell-${BUILD}`;
const DATA = 'kanal-data-v1';
const KEPT_CALLS = [
  /^\/api\/auth\/me$/,
  /^\/api\/mobile\/content\/list\//,
  /^\/api\/mobile\/content\/\d+(\/material|\/questions)?$/,
  /^\/api\/mobile\/users\/stats$/,
];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(['/', ...ASSETS])));
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL && n !== DATA).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

// Sign-out: nothing of that person stays on the device, and their push notices stop coming to it (the
// server forgets the subscription with the session).
self.addEventListener('message', (event) => {
  if (event.data !== 'kanal:signed-out') return;
  event.waitUntil(
    Promise.all([
      caches.delete(DATA),
      self.registration.pushManager.getSubscription().then((subscription) => subscription?.unsubscribe()),
    ]),
  );
});

async function keyFor(request) {
  const auth = request.headers.get('authorization') ?? '';
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth));
  const person = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const url = new URL(request.url);
  url.searchParams.set('kanal-person', person);
  return url.href;
}

/**
 * A kept answer, marked as one: the app takes it only while the browser says it is offline, and otherwise asks
 * again (apps/web/src/lib/api-client.ts, KEPT_COPY_HEADER), so a network that failed for a moment does not show
 * a list from before the person's last answer.
 */
function markedCopy(kept) {
  const headers = new Headers(kept.headers);
  headers.set('x-kanal-kept-copy', '1');
  return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
}

async function networkFirst(request, cacheName, key, { mark = false } = {}) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return mark ? markedCopy(kept) : kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, SHELL, '/'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (KEPT_CALLS.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(keyFor(request).then((key) => networkFirst(request, DATA, key, { mark: true })));
  }
});

// What became of a notice, for its sender's statistics: the receipt it carried says which it was, so
// no session is needed (a service worker has none). A lost report loses only a figure.
const report = (receipt, state) =>
  receipt
    ? fetch('/api/notification-receipts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ receipt, state }),
      }).catch(() => {})
    : Promise.resolve();

self.addEventListener('push', (event) => {
  const message = event.data?.json();
  if (!message?.title) return;
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(message.title, {
        body: message.body,
        // A notice sent again (a retried delivery) replaces the one shown rather than adding another.
        tag: `kanal-notice-${message.notificationId}`,
        icon: '/icon-192.png',
        data: { url: message.url, receipt: message.receipt },
      }),
      report(message.receipt, 'received'),
    ]),
  );
});

// A click opens the item: in the app's window when one is open, otherwise in a new one. The window is
// navigated first and brought forward after, and the receipt goes beside it rather than before: the
// browser lets a worker bring a window forward only briefly after the click, and a window left behind
// still shows the item.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url = '/', receipt } = event.notification.data ?? {};
  event.waitUntil(Promise.all([report(receipt, 'opened'), openItem(new URL(url, self.location.origin).href)]));
});

async function openItem(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  // A window this worker does not control cannot be navigated from here: the item opens beside it.
  const navigated = open ? await open.navigate(target).catch(() => null) : null;
  if (!navigated) return self.clients.openWindow(target);
  return navigated.focus().catch(() => navigated);
}

/**
 * The service worker's source (served at /sw.js with the built files' names filled in): it caches the app
 * shell (the start page and the popup's hashed script and style) so the installed app opens offline to
 * its own page, and nothing else. It answers only same-origin GETs of the start page and of those files;
 * every other page, every API answer (/resource/, /v3/, /media/, …), the sign-in flows (/oauth/) and every
 * POST, the share target's too, go to the network untouched.
 */
export function serviceWorkerSource(cacheName: string, shellFiles: readonly string[]): string {
  return `'use strict';
const CACHE = ${JSON.stringify(cacheName)};
const SHELL = ${JSON.stringify(['/', ...shellFiles])};
// Cached without the session's cookie: the start page kept for offline is the visitor's shell, never a page
// drawn for whoever was signed in when the worker installed (their feed, their name).
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL.map((path) => new Request(path, { credentials: 'omit' })))).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))).then(() => self.clients.claim()));
});
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === '/') {
    // The start page from the network (it carries the session's state); the cached one only when offline.
    event.respondWith(fetch(request).catch(() => caches.match('/')));
    return;
  }
  // The popup's hashed files never change under their names: the cached copy is the file.
  if (SHELL.includes(url.pathname)) event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
});
`;
}

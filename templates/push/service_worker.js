{% autoescape off %}// Tipperary's service worker (served at /sw.js, so its scope is the whole site).
// It shows the pushes the site sends, sets the installed app's badge to the number of tables
// waiting, opens the table a notification is about, and shows a page of our own when the
// network is gone. It keeps nothing but that page and its few static files: game pages are
// always fetched, never served stale.
const SITE = {{ site }};
const CACHE = "tipperary-offline-1";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([SITE.offline, ...SITE.keep]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    // Pages come from the network; only when it fails, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(SITE.offline)));
    return;
  }
  const path = new URL(request.url).pathname;
  if (SITE.keep.includes(path)) {
    event.respondWith(fetch(request).catch(() => caches.match(path)));
  }
});

async function showBadge(count) {
  if (typeof count !== "number") return;
  if ("setAppBadge" in self.navigator) {
    try {
      await (count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge());
    } catch (error) {
      // An app that is not installed may not set a badge: the notification still shows.
    }
  }
  // Open pages put the same number in their title.
  const pages = await self.clients.matchAll({ type: "window" });
  for (const page of pages) page.postMessage({ type: "tables-waiting", count });
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { title: "Tipperary", body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Tipperary";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || "tipperary",
      renotify: Boolean(data.tag),
      icon: SITE.icon,
      badge: SITE.badge,
      data: { url: data.url || "/" },
    }).then(() => showBadge(data.count)),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin);
  if (target.origin !== self.location.origin) return; // only our own pages
  event.waitUntil(openTable(target));
});

// The table's page if it is open, else the site's window (the installed app) taken there,
// else a new window.
async function openTable(target) {
  const pages = await self.clients.matchAll({ type: "window" });
  const open = pages.find((page) => new URL(page.url).pathname === target.pathname);
  if (open) return open.focus();
  if (pages.length) {
    const page = await pages[0].navigate(target.href);
    return page && page.focus().catch(() => page);
  }
  return self.clients.openWindow(target.href);
}
{% endautoescape %}

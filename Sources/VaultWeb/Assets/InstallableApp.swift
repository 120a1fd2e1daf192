/// What makes GhostVault an app on a phone's home screen (issue 21): the web app manifest, the service worker
/// and the page it shows offline.
///
/// The service worker keeps only the app's shell and static files (the stylesheet, the script, the icon and
/// the offline page). Pages and the API carry a household's data and are `no-store`: it never caches them, so
/// nothing one person saw can be shown to another on a shared device, and offline a page that was not open
/// says so instead of showing stale numbers.
enum InstallableApp {
    /// The manifest: name, icons, theme colours, standalone display, where it starts.
    static let manifest = """
        {
          "name": "GhostVault",
          "short_name": "GhostVault",
          "description": "Your money, on your own server.",
          "id": "/dashboard",
          "start_url": "/dashboard",
          "scope": "/",
          "display": "standalone",
          "background_color": "#f7f8fa",
          "theme_color": "#00805f",
          "icons": [
            {"src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
            {"src": "/assets/icon-maskable.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "maskable"},
            {"src": "/assets/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"}
          ]
        }
        """

    /// The icon drawn to the edges, for launchers that cut their own shape (a circle, a squircle).
    static let maskableIcon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#00805f"/>\
        <g transform="translate(6.4 6.4) scale(.8)"><path d="M32 12c-9 0-16 7-16 16v24l5-4 5 4 6-4 6 4 5-4 5 4V28c0-9-7-16-16-16z" fill="#fff"/>\
        <circle cx="26" cy="28" r="3" fill="#00805f"/><circle cx="38" cy="28" r="3" fill="#00805f"/></g></svg>
        """

    /// The service worker. `version` changes with the static files, so a new release replaces the old shell.
    static func serviceWorker(version: String) -> String {
        """
        "use strict";
        // GhostVault's service worker: the app shell and static files only. Pages and /api carry private data
        // (no-store) and always go to the network; offline, a page that cannot load shows /offline.
        const SHELL = "ghostvault-shell-\(version)";
        const FILES = ["/assets/app.css", "/assets/app.js", "/assets/icon.svg", "/offline"];
        self.addEventListener("install", (event) => {
          event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
        });
        self.addEventListener("activate", (event) => {
          event.waitUntil(caches.keys()
            .then((keys) => Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))))
            .then(() => self.clients.claim()));
        });
        self.addEventListener("fetch", (event) => {
          const request = event.request;
          const url = new URL(request.url);
          if (request.method !== "GET" || url.origin !== self.location.origin) return;
          if (url.pathname.startsWith("/assets/")) {
            event.respondWith(caches.open(SHELL).then(async (cache) => {
              try {
                const response = await fetch(request);
                if (response.ok) cache.put(request, response.clone());
                return response;
              } catch (error) {
                return (await cache.match(request)) || Response.error();
              }
            }));
            return;
          }
          if (request.mode === "navigate") {
            event.respondWith(fetch(request).catch(() => caches.match("/offline")));
          }
        });
        """
    }

    /// The page shown offline when the page asked for cannot load.
    static let offlinePage: HTML = Layout.page(
        title: "Offline", signedIn: nil,
        body: """
            <div class="card offline-page" data-offline><h1>You are offline</h1>
            <p>GhostVault keeps your numbers on your server, not on this device, so this page needs the connection.
            Pages you already have open keep showing what was last loaded.</p>
            <p class="muted small">This page reloads by itself when you are back online.</p>
            <p><a class="button" href="/dashboard">Try again</a></p></div>
            """)
}

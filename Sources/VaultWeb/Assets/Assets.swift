import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import VaultCore

/// The files the app serves itself: no CDN, no fonts or scripts from elsewhere.
///
/// Each is compiled into the binary (so `ghostvault` is one file to copy) and served with a strong ETag.
enum Assets {
    struct File: Sendable {
        let contentType: String
        let bytes: ByteBuffer
        let etag: String

        init(_ text: String, contentType: String) {
            self.contentType = contentType
            bytes = ByteBuffer(string: text)
            etag =
                "\"" + SHA256.hash(data: Data(text.utf8)).prefix(12).hexString + "\""
        }

        init(bytes: [UInt8], contentType: String) {
            self.contentType = contentType
            self.bytes = ByteBuffer(bytes: bytes)
            etag = "\"" + SHA256.hash(data: Data(bytes)).prefix(12).hexString + "\""
        }
    }

    static let files: [String: File] = [
        "app.css": File(Stylesheet.css, contentType: "text/css; charset=utf-8"),
        "app.js": File(Script.js, contentType: "text/javascript; charset=utf-8"),
        "icon.svg": File(icon, contentType: "image/svg+xml"),
        "icon-maskable.svg": File(InstallableApp.maskableIcon, contentType: "image/svg+xml"),
        "icon-180.png": File(bytes: IconPNG.png(size: 180), contentType: "image/png"),
        "icon-192.png": File(bytes: IconPNG.png(size: 192), contentType: "image/png"),
    ]

    /// The service worker, versioned by the static files it keeps.
    static let serviceWorker = File(
        InstallableApp.serviceWorker(
            version: String(
                (files["app.css"]!.etag + files["app.js"]!.etag).filter { $0.isLetter || $0.isNumber }.prefix(16))),
        contentType: "text/javascript; charset=utf-8")

    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#00a87e"/>\
        <path d="M32 12c-9 0-16 7-16 16v24l5-4 5 4 6-4 6 4 5-4 5 4V28c0-9-7-16-16-16z" fill="#fff"/>\
        <circle cx="26" cy="28" r="3" fill="#00a87e"/><circle cx="38" cy="28" r="3" fill="#00a87e"/></svg>
        """

    /// Adds `GET /assets/{name}`, and the installable app's manifest, service worker and offline page.
    static func addRoutes(to router: Router<WebContext>) {
        // Public (RouteAccessTests lists them): the same for everyone, and no one's data.
        router.get("/manifest.webmanifest") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: InstallableApp.manifest)))
        }
        router.get("/sw.js") { _, _ -> Response in
            // Checked by the browser on every visit, so a new release's shell replaces the old one promptly.
            Response(
                status: .ok,
                headers: [.contentType: serviceWorker.contentType, .cacheControl: "no-cache"],
                body: .init(byteBuffer: serviceWorker.bytes))
        }
        router.get("/offline") { _, _ -> Response in
            var response = Response.html(InstallableApp.offlinePage)
            response.headers[.cacheControl] = "no-cache"  // no one's data on it: the service worker may keep it
            return response
        }
        router.get("/assets/:name") { request, context -> Response in
            guard let name = context.parameters.get("name"), let file = files[name] else {
                throw HTTPError(.notFound, message: "There is no such file.")
            }
            if request.headers[.ifNoneMatch] == file.etag {
                return Response(status: .notModified, headers: [.eTag: file.etag])
            }
            return Response(
                status: .ok,
                headers: [.contentType: file.contentType, .eTag: file.etag, .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: file.bytes))
        }
    }
}

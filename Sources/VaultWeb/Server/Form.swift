import Foundation
import Hummingbird
import VaultCore

/// A submitted `application/x-www-form-urlencoded` form (or a query string): every value of every field.
struct Form: Sendable {
    private var fields: [String: [String]] = [:]

    init(encoded: String) {
        for (name, value) in Self.pairs(encoded) { fields[name, default: []].append(value) }
    }

    /// The decoded name and value pairs of an encoded form, in order; text that does not decode is kept as sent.
    static func pairs(_ encoded: String) -> [(String, String)] {
        split(encoded).map { (decode($0) ?? String($0), decode($1) ?? String($1)) }
    }

    /// The body of a form post, refused whole when larger than the context allows, or when it is not text a
    /// person typed: invalid UTF-8 (raw or percent-encoded) or control characters other than line breaks and
    /// tabs, which would otherwise be stored as replacement characters or invisible bytes.
    static func read(_ request: Request, context: some RequestContext) async throws -> Form {
        try await submitted(request.body.collect(upTo: context.maxUploadSize).readableBytesView)
    }

    /// A form post's body, decoded as `read(_:context:)` does; throws `unreadable` for text a person did not type.
    static func submitted(_ body: some Collection<UInt8>) throws(PageError) -> Form {
        guard let text = String(validating: body, as: UTF8.self) else { throw unreadable }
        var pairs: [(String, String)] = []
        for (name, value) in split(text) {
            guard let name = decode(name), let value = decode(value) else { throw unreadable }
            pairs.append((name, value))
        }
        return try typed(pairs)
    }

    /// Decoded fields (a form post's, or a multipart form's text parts) checked as text a person typed, with
    /// line breaks as LF: browsers send a text area's as CR LF (HTML's form encoding).
    static func typed(_ pairs: [(String, String)]) throws(PageError) -> Form {
        var form = Form(encoded: "")
        for (name, value) in pairs {
            guard (name + value).unicodeScalars.allSatisfy({ PlainText.isAllowed($0, multiline: true) }) else {
                throw unreadable
            }
            form.fields[name, default: []].append(value.replacingOccurrences(of: "\r\n", with: "\n"))
        }
        return form
    }

    static let unreadable = PageError(
        status: .badRequest, title: "This form could not be read",
        message: "What was sent is not plain text (it holds invalid characters or control codes). "
            + "Type the text again rather than pasting it, and submit the form once more.")

    private static func split(_ encoded: String) -> [(Substring, Substring)] {
        encoded.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    /// `+` as a space and percent-escapes decoded; nil when an escape is malformed or the bytes are not UTF-8.
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The first value, trimmed; nil when absent or blank.
    subscript(_ name: String) -> String? {
        guard let value = fields[name]?.first?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty
        else { return nil }
        return value
    }

    /// Every value given for a field (checkbox lists, repeated fields).
    func all(_ name: String) -> [String] { fields[name] ?? [] }

    /// Whether a checkbox was ticked.
    /// The page of a list asked for by `?page=` (the first when absent), `size` rows long; a page that cannot
    /// exist is not found.
    func listPage(size: Int) throws -> PageRequest {
        guard let page = PageRequest(number: self["page"].flatMap(Int.init) ?? 1, size: size) else {
            throw PageError(status: .notFound, title: "Not found", message: "There is no such page of this list.")
        }
        return page
    }

    func isOn(_ name: String) -> Bool { fields[name] != nil }
}

extension Request {
    /// The query string as a form.
    var queryForm: Form { Form(encoded: uri.query ?? "") }
}

/// Compares two secrets in time that depends only on their length, so a wrong CSRF token's first
/// matching characters cannot be found by timing.
func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
    let a = Array(lhs.utf8)
    let b = Array(rhs.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
}

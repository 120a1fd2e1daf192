import Foundation
import Hummingbird

/// A submitted `application/x-www-form-urlencoded` form (or a query string): every value of every field.
struct Form: Sendable {
    private var fields: [String: [String]] = [:]

    init(encoded: String) {
        for (name, value) in Self.pairs(encoded) { fields[name, default: []].append(value) }
    }

    /// The decoded name and value pairs of an encoded form, in order.
    static func pairs(_ encoded: String) -> [(String, String)] {
        encoded.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
        }
    }

    /// The body of a form post, refused when larger than the context allows.
    static func read(_ request: Request, context: WebContext) async throws -> Form {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return Form(encoded: String(buffer: buffer))
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
    func isOn(_ name: String) -> Bool { fields[name] != nil }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
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

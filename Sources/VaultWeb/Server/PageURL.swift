import Foundation

/// A page's URL built from its query parameters, every value percent-encoded: what pages that keep their state
/// in the URL (Transactions, Analysis) link to.
enum PageURL {
    /// The characters a query value keeps as they are (RFC 3986's unreserved set).
    static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    /// `value` encoded for a query string or a path segment.
    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// `path` with `parameters` (a name may repeat; a nil value is left out), after `changes`: a change to a
    /// name replaces every value of it, at its first place, with the one given, or removes them for nil. A
    /// name a change may set must appear in `parameters`, with a nil value when it has none.
    static func make(_ path: String, _ parameters: [(String, String?)], changes: [String: String?] = [:]) -> String {
        var items: [(String, String)] = []
        var changed: Set<String> = []
        for (name, value) in parameters {
            if let change = changes[name] {
                if changed.insert(name).inserted, let change { items.append((name, change)) }
            } else if let value {
                items.append((name, value))
            }
        }
        let query = items.map { "\($0.0)=\(encode($0.1))" }
        return path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// A parameter that may repeat, as `make` takes it: one entry per value, or one nil entry when there are none.
    static func repeated(_ name: String, _ values: [String]) -> [(String, String?)] {
        values.isEmpty ? [(name, nil)] : values.map { (name, $0) }
    }
}

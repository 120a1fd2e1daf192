/// A fragment of HTML whose interpolated strings are escaped unless they are `HTML` themselves.
///
/// `"<td>\(name)</td>" as HTML` escapes `name`; `"<div>\(otherFragment)</div>"` nests a fragment as is.
/// Pages are built only from these fragments, so text from a person or a bank can never become markup.
public struct HTML: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var text: String

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// Trusted markup (a constant, or made by this module); never pass text from a request here.
    init(trusted text: String) { self.text = text }

    public var description: String { text }

    public struct Interpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity * 2) }

        public mutating func appendLiteral(_ literal: String) { text += literal }

        /// Text: escaped.
        public mutating func appendInterpolation(_ value: String) { text += HTML.escape(value) }

        /// Text, or nothing when nil.
        public mutating func appendInterpolation(_ value: String?) { if let value { text += HTML.escape(value) } }

        /// A number.
        public mutating func appendInterpolation(_ value: Int) { text += String(value) }

        /// Another fragment: kept as markup.
        public mutating func appendInterpolation(_ html: HTML) { text += html.text }

        /// A list of fragments, one after another.
        public mutating func appendInterpolation(_ list: [HTML]) { for html in list { text += html.text } }
    }

    /// Escapes the five characters that matter in text and in quoted attribute values.
    static func escape(_ value: String) -> String {
        guard value.contains(where: { "<>&\"'".contains($0) }) else { return value }
        var result = ""
        result.reserveCapacity(value.utf8.count + 16)
        for character in value {
            switch character {
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Nothing.
    static let empty: HTML = ""
}

extension Array where Element == HTML {
    /// The fragments one after another.
    func joined() -> HTML { HTML(trusted: map(\.text).joined()) }
}

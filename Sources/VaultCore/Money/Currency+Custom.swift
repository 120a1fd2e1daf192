import Foundation

/// SimpleFIN custom currencies: an account kept in points or miles names its currency by a URL
/// (`https://rewards.example.com/frequent-flyer-miles`). The URL stays the currency's code, its identity;
/// a person sees a name taken from the URL's last path segment ("Frequent Flyer Miles"), and such
/// currencies have no decimals. Nothing is fetched: the name comes from the URL alone.
extension Currency {
    /// Whether the code is a custom currency's URL rather than an ISO code.
    public var isCustom: Bool {
        let lowered = code.lowercased()
        return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
    }

    /// A custom currency with no decimals, for points and miles.
    public static func custom(url: String) -> Currency { Currency(code: url, exponent: 0) }

    /// What a person reads: the ISO code, or a custom currency's name from its URL's last path segment,
    /// words split at `-`, `_`, `.` and `+` and capitalised ("frequent-flyer-miles" is "Frequent Flyer Miles");
    /// the host when the path is empty.
    public var displayCode: String {
        guard isCustom, let url = URL(string: code) else { return code }
        let segment = url.path.split(separator: "/").last.map(String.init)
        let base = segment.map { $0.contains(".") ? String($0[..<$0.lastIndex(of: ".")!]) : $0 } ?? ""
        let words = base.split(whereSeparator: { "-_.+ ".contains($0) })
        guard !words.isEmpty else { return url.host ?? code }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

import Foundation

/// What a person pasted into the "SimpleFIN token" box, understood.
///
/// A setup token is standard base64 of a claim URL (`ROOT/claim/TOKEN`). People also paste it with
/// line breaks or spaces, or paste the claim URL itself, or an access URL they already claimed;
/// all of those are accepted (reference sections 2.1 and 5.1).
public enum SetupToken: Hashable, Sendable {
    /// A claim URL to POST to once.
    case claim(URL)
    /// An access URL that was already claimed.
    case access(AccessURL)

    /// Reads pasted text.
    public init(parsing pasted: String) throws(SimpleFINError) {
        let compact = pasted.filter { !$0.isWhitespace }
        guard !compact.isEmpty else {
            throw SimpleFINError(.invalidSetupToken, "Paste the setup token from your SimpleFIN Bridge account.")
        }
        if compact.lowercased().hasPrefix("http://") || compact.lowercased().hasPrefix("https://") {
            self = try Self.fromURL(compact)
            return
        }
        // Standard base64; the URL-safe alphabet and missing padding are forgiven.
        var base64 = compact.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64), let decoded = String(data: data, encoding: .utf8) else {
            throw SimpleFINError(
                .invalidSetupToken,
                "That is not a SimpleFIN setup token (it is not base64). Copy the whole token again from SimpleFIN Bridge."
            )
        }
        let url = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
        guard url.lowercased().hasPrefix("http://") || url.lowercased().hasPrefix("https://") else {
            throw SimpleFINError(
                .invalidSetupToken,
                "That token does not contain a SimpleFIN address. Copy the whole token again from SimpleFIN Bridge.")
        }
        self = try Self.fromURL(url)
    }

    private static func fromURL(_ text: String) throws(SimpleFINError) -> SetupToken {
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            let scheme = components.scheme?.lowercased()
        else {
            throw SimpleFINError(.invalidSetupToken, "The SimpleFIN address in the token is not a valid URL.")
        }
        if components.percentEncodedUser != nil {
            return .access(try AccessURL(text))
        }
        do {
            try AccessURL.requireSecure(scheme: scheme, host: host)
        } catch {
            throw SimpleFINError(.invalidSetupToken, error.message)
        }
        guard let url = components.url, url.path.split(separator: "/").count >= 1 else {
            throw SimpleFINError(.invalidSetupToken, "The SimpleFIN address in the token has no claim path.")
        }
        return .claim(url)
    }
}

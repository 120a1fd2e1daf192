import Foundation
import Testing

@testable import VaultWeb

/// Text in both themes is readable: each main pair of colours in the stylesheet has a contrast ratio of at
/// least 4.5:1 (WCAG 2 AA for body text; issue 21), computed from the theme's own variables.
@Suite struct StylesheetContrastTests {
    /// The colour variables of the first block opened by `selector` that sets `--bg`.
    static func theme(_ selector: String) throws -> [String: String] {
        let css = Stylesheet.css
        var search = css.startIndex..<css.endIndex
        while let start = css.range(of: selector + " {", range: search) {
            let end = try #require(css.range(of: "}", range: start.upperBound..<css.endIndex))
            let block = String(css[start.upperBound..<end.lowerBound])
            search = end.upperBound..<css.endIndex
            guard block.contains("--bg:") else { continue }
            var colours: [String: String] = [:]
            for declaration in block.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#"), parts[1].count == 7 {
                    colours[String(parts[0].dropFirst(2))] = parts[1]
                }
            }
            return colours
        }
        throw CocoaError(.coderValueNotFound)
    }

    /// WCAG 2 relative luminance of `#rrggbb`.
    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
        let linear = channels.map { $0 <= 0.039_28 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func ratio(_ first: String, _ second: String) -> Double {
        let (a, b) = (luminance(first), luminance(second))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Text colour on background: body text, secondary text, links, amounts in and out, warnings, and the
    /// words on filled buttons.
    static let pairs: [(String, String)] = [
        ("text", "bg"), ("text", "card"), ("muted", "bg"), ("muted", "card"), ("brand-strong", "bg"),
        ("brand-strong", "card"), ("income", "bg"), ("income", "card"), ("expense", "bg"), ("expense", "card"),
        ("warn", "card"), ("on-brand", "brand"), ("on-expense", "expense"),
    ]

    @Test("every main colour pair reaches 4.5:1 in the light and the dark theme", arguments: ["light", "dark"])
    func contrast(theme name: String) throws {
        let light = try Self.theme(":root")
        // The dark theme sets only what differs from the light one.
        let colours =
            name == "light" ? light : light.merging(try Self.theme("html[data-theme=\"dark\"]")) { $1 }
        for (text, background) in Self.pairs {
            let (foreground, behind) = (try #require(colours[text]), try #require(colours[background]))
            let ratio = Self.ratio(foreground, behind)
            #expect(ratio >= 4.5, "\(name): --\(text) \(foreground) on --\(background) \(behind) is \(ratio):1")
        }
    }

    @Test("the system theme's dark colours are the dark theme's")
    func systemDarkMatchesDark() throws {
        let dark = try Self.theme("html[data-theme=\"dark\"]")
        let system = try Self.theme("html[data-theme=\"system\"]")
        #expect(dark == system)
    }
}

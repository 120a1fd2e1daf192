import Foundation
import VaultCore
import VaultServices
import VaultStore

/// One card's current cycle as the cards page and the dashboard draw it (spec `card-miles.md`, Dashboard): the
/// dates, the spend, the minimum and maximum bars with the badge, or one mini bar per cap, and the miles.
///
/// Bars are `<progress>` elements, so a screen reader hears a progress bar with its value, and each carries its
/// words ("Contactless: S$800 / S$1,000 min") as its label and as visible text. The colour is the one
/// `CardCycleReport` computed, never decided here.
enum CardProgress {
    /// "Nov 1 – Nov 30, 2026": the cycle's first and last days.
    static func dates(_ range: DateRange) -> String {
        "\(Charts.label(range.start)) – \(Charts.label(range.end)), \(range.end.year)"
    }

    /// A bar with its words above it.
    static func bar(_ label: String, _ bar: CardCycleReport.Bar, extra: HTML = .empty) -> HTML {
        let filled = Int(bar.filled.hundredths / 100)
        return """
            <div class="miles-progress"><div class="spread small"><span class="bar-label">\(label)</span>\(extra)</div>
            <progress class="miles-bar \(bar.colour.rawValue)" max="100" value="\(filled)" aria-label="\(label)" data-colour="\(bar.colour.rawValue)">\(filled)%</progress></div>
            """
    }

    /// What each cap's stage means for the miles, beside its bar.
    static func stageText(_ progress: CardCycleReport.CapProgress) -> String {
        switch progress.stage {
        case .belowMinimum: "base rate"
        case .earningBonus: "\(progress.cap.bonusRate) mpd"
        case .maxed: "maxed"
        }
    }

    /// The bars of a card: one per cap, or the minimum and maximum with the badge.
    static func bars(_ report: CardCycleReport) -> HTML {
        if !report.caps.isEmpty {
            let bars = report.caps.map { progress -> HTML in
                bar(
                    progress.label, progress.bar,
                    extra: "<span class=\"muted\">\(stageText(progress))</span>")
            }
            return "<div class=\"cap-bars\">\(bars)</div>"
        }
        var parts: [HTML] = []
        if let status = report.status {
            parts.append(
                "<p><span class=\"badge status \(status.colour.rawValue)\" data-status=\"\(status.rawValue)\">\(status.description)</span></p>"
            )
        }
        if let minimum = report.minimumBar {
            parts.append(
                bar(
                    "Minimum: \(CardCycleReport.amountText(report.spend)) / \(CardCycleReport.amountText(minimum.target))",
                    minimum))
        }
        if let maximum = report.maximumBar {
            parts.append(
                bar(
                    "Maximum: \(CardCycleReport.amountText(report.spend)) / \(CardCycleReport.amountText(maximum.target))",
                    maximum))
        }
        return "\(parts)"
    }

    /// "1,234 miles so far this cycle", or that the card earns none.
    static func miles(_ report: CardCycleReport) -> String {
        guard let miles = report.miles else { return "Earns no miles" }
        return "\(miles.grouped) miles this cycle"
    }

}

import Foundation
import VaultCore
import VaultServices

/// The cards page as text, for `ghostvault cards` (spec `card-miles.md`, Dashboard): each card's title, cycle,
/// spend, bars drawn with `#`, badge, caps, rates, notes and miles.
enum CardText {
    /// The width of a drawn bar, in characters.
    static let barWidth = 20

    /// The month's spend, then every card separated by a blank line.
    static func overview(_ overview: CardService.Overview) -> String {
        let spend = overview.monthSpend.amounts.map { $0.formatted() }.joined(separator: " + ")
        let header = "This month (\(overview.month)): \(spend.isEmpty ? "nothing" : spend) spent across all cards"
        return ([header] + overview.cards.map(card)).joined(separator: "\n\n")
    }

    /// One card's block.
    static func card(_ status: CardService.Status) -> String {
        let card = status.card
        let report = status.report
        var lines = [card.title]
        var summary = "\(report.range.start) to \(report.range.end) (\(card.cycle)), spent \(report.spend.formatted())"
        if let miles = report.miles { summary += ", \(miles.grouped) miles" }
        lines.append("  " + summary)
        if let bar = report.minimumBar { lines.append("  " + line("Minimum", bar, spend: report.spend, "min")) }
        if let bar = report.maximumBar { lines.append("  " + line("Maximum", bar, spend: report.spend, "max")) }
        if let status = report.status { lines.append("  Status: \(status) (\(status.colour))") }
        for cap in report.caps {
            lines.append("  \(drawn(cap.bar))  \(cap.label)  \(stage(cap.stage)), \(cap.bar.colour)")
        }
        lines.append("  Rates: \(card.earnRatesLine)")
        if let notes = card.notes { lines.append("  Notes: \(notes)") }
        if let account = status.account { lines.append("  Counts: \(account.displayName)") }
        if let problem = status.problem { lines.append("  Problem: \(problem)") }
        return lines.joined(separator: "\n")
    }

    /// `[#######-------------] Minimum: S$800 / S$1,000 min (orange)`.
    static func line(_ name: String, _ bar: CardCycleReport.Bar, spend: Money, _ suffix: String) -> String {
        let amounts = "\(CardCycleReport.amountText(spend)) / \(CardCycleReport.amountText(bar.target)) \(suffix)"
        return "\(drawn(bar))  \(name): \(amounts) (\(bar.colour))"
    }

    /// The bar filled in proportion, `#` for spend and `-` for what is left.
    static func drawn(_ bar: CardCycleReport.Bar) -> String {
        let filled = Int(bar.filled.hundredths * Int64(barWidth) / 10_000)
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
    }

    static func stage(_ stage: CardCycleReport.CapStage) -> String {
        switch stage {
        case .belowMinimum: "below minimum, earning the base rate"
        case .earningBonus: "earning the bonus"
        case .maxed: "maxed, earning the base rate"
        }
    }

    /// The library grouped by bank, each card with its id, rates, caps and notes.
    static func library(_ cards: [CardTemplate], today: LocalDate) -> String {
        var sections: [String] = []
        for bank in CardBank.allCases {
            let ofBank = cards.filter { $0.bank == bank }
            guard !ofBank.isEmpty else { continue }
            let rows = ofBank.map { template -> [String] in
                let rates = [template.localRate, template.foreignRate, template.baseRate]
                    .map { $0?.description ?? "-" }.joined(separator: " / ")
                var notes = template.notes ?? ""
                switch template.availability {
                case .available: break
                case .notMiles: notes = "Not a miles card. " + notes
                case .discontinuing(let month):
                    let when = template.isDiscontinued(on: today) ? "Discontinued" : "Discontinuing"
                    notes = "\(when) from \(month). " + notes
                }
                if template.categoriesToChoose > 0 {
                    notes += " (choose \(template.categoriesToChoose) with --category)"
                }
                return [template.id, "\(template.name) (\(template.network))", rates, notes]
            }
            let table = Terminal.table(["Id", "Card", "Local / foreign / base mpd", "Notes"], rows)
            sections.append(bank.description + "\n" + table)
        }
        return sections.joined(separator: "\n\n")
    }
}

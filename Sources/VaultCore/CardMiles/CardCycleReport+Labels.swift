import Foundation

extension CardCycleReport.CapProgress {
    /// The cap's bar as the cards page words it (spec Dashboard): "Contactless: S$800 / S$1,000 min" below a
    /// minimum, "Contactless: S$1,150 / S$1,200 cap" once it is met, "Online: S$450 / S$600" for a cap with none.
    public var label: String {
        let text = "\(cap.name): \(CardCycleReport.amountText(spend)) / \(CardCycleReport.amountText(bar.target))"
        if isTowardMinimum { return text + " min" }
        return cap.minimumSpend == nil ? text : text + " cap"
    }
}

extension CardCycleReport {
    /// An amount as the cards page writes thresholds: without cents when it has none ("S$1,000"), else in full.
    public static func amountText(_ amount: Money) -> String {
        let text = amount.formatted()
        let exponent = amount.currency.exponent
        guard exponent > 0, amount.minorUnits % Int64(amount.currency.minorUnitsPerMajor) == 0 else { return text }
        guard let range = text.range(of: "." + String(repeating: "0", count: exponent)) else { return text }
        return text.replacingCharacters(in: range, with: "")
    }
}

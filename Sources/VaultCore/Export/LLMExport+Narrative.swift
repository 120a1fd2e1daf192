import Foundation

extension LLMExport {
    /// The narrative paragraph, written by fixed templates from the export's numbers (spec section 14, Local
    /// Narrative Summarization): no model, nothing leaves the server. Every sentence uses only the words of
    /// `Narrative.templates`, aliases, category names and numbers, so the leak check can tell a template word
    /// from a leaked one.
    struct Narrative {
        /// Every sentence the narrative can write, with its slots in braces: the words the leak check allows.
        static let templates = [
            "Over {period} ({days} days), total income was {amount} and total expenses were {amount}, for a net of "
                + "{amount} and an income-to-expense ratio of {ratio}.",
            "Over {period} ({days} days), total income was {amount}, with no expenses.",
            "In {month}, income rose/fell {percent}/held steady/went from none to {amount} and expenses rose/fell "
                + "{percent}/held steady/went from none to {amount} compared with {month}.",
            "The top spending categories were {category} ({percent}), {category} ({percent}) and {category}.",
            "The top spending category was {category}.",
            "{category} showed the largest change, rising/falling {percent} from {month} to {month}.",
            "Total liabilities went from {amount} to {amount} owed, down/up {percent}, indicating debt paydown/"
                + "new borrowing; unchanged.",
            "Total recurring commitments: {amount}/month ({count} items/item).",
            "Recurring needs ({amount}) account for {percent} of the average month's needs spending.",
            "50/30/20 status: {bucket} are/is at {percent} of spending and saving, {percent} above/below the "
                + "{percent} target/on target.",
        ]

        let text: String

        init(
            export: LLMExport, input: LLMExport.Input, totals: IncomeAndSpending,
            perMonth: [CalendarMonth: IncomeAndSpending]
        ) throws(MoneyError) {
            var sentences: [String] = []
            let range = input.range
            if let ratio = export.incomeToExpenseRatio {
                sentences.append(
                    "Over \(export.periodTitle) (\(export.dayCount) days), total income was \(export.text(export.income)) "
                        + "and total expenses were \(export.text(export.expenses)), for a net of "
                        + "\(export.text(export.net, signed: true)) and an income-to-expense ratio of \(ratio).")
            } else {
                sentences.append(
                    "Over \(export.periodTitle) (\(export.dayCount) days), total income was "
                        + "\(export.text(export.income)), with no expenses.")
            }

            // Month over month: the last three changes at most, oldest first.
            var monthsInRange: [CalendarMonth] = []
            var cursor = CalendarMonth(containing: range.start)
            while cursor <= CalendarMonth(containing: range.end) {
                monthsInRange.append(cursor)
                cursor = cursor.next
            }
            let pairs = Array(zip(monthsInRange, monthsInRange.dropFirst()).suffix(3))
            for (before, after) in pairs {
                let then = perMonth[before] ?? IncomeAndSpending()
                let now = perMonth[after] ?? IncomeAndSpending()
                let currency = export.currency
                func change(_ old: Int64, _ new: Int64) -> String {
                    if old == new { return "held steady" }
                    guard old > 0 else {
                        return "went from none to "
                            + export.text(export.options.rounding.rounded(Money(minorUnits: new, currency: currency)))
                    }
                    let percent = LLMExport.whole(Percent.of(new - old, in: old))
                    return percent == 0 ? "held steady" : (percent > 0 ? "rose " : "fell ") + "\(percent.magnitude)%"
                }
                sentences.append(
                    "In \(ExportDateStyle.monthLabel(after, in: range)), income \(change(then.income, now.income)) and "
                        + "expenses \(change(then.spending, now.spending)) compared with "
                        + "\(ExportDateStyle.monthLabel(before, in: range)).")
            }

            let top = export.categories.prefix(3)
            if top.count == 1 {
                sentences.append("The top spending category was \(top[0].label) (\(top[0].percentage)%).")
            } else if top.count > 1 {
                let named = top.map { "\($0.label) (\($0.percentage)%)" }
                sentences.append(
                    "The top spending categories were \(named.dropLast().joined(separator: ", ")) and \(named.last!).")
            }

            // The top-level category that moved most in money between the last two months; ties by name.
            if let (before, after) = pairs.last {
                let tree = input.tree
                func rolled(_ month: CalendarMonth) throws(MoneyError) -> [String: Int64] {
                    let sums = perMonth[month] ?? IncomeAndSpending()
                    let lines = try CategoryRollup.lines(
                        own: sums.spendingByCategory, counts: sums.spendingCountByCategory, tree: tree,
                        currency: export.currency)
                    var byName: [String: Int64] = [:]
                    for line in lines where line.depth == 0 { byName[line.name] = line.amount.minorUnits }
                    return byName
                }
                let old = try rolled(before)
                let new = try rolled(after)
                let moves = Set(old.keys).union(new.keys).compactMap { name -> (String, Int64, Int64)? in
                    let was = old[name] ?? 0
                    let now = new[name] ?? 0
                    guard was > 0, now != was else { return nil }
                    return (name, was, now)
                }
                .sorted { (($1.2 - $1.1).magnitude, $0.0) < (($0.2 - $0.1).magnitude, $1.0) }
                if let (name, was, now) = moves.first {
                    let percent = LLMExport.whole(Percent.of(now - was, in: was))
                    if percent != 0 {
                        sentences.append(
                            "Category: \(name) showed the largest change, \(percent > 0 ? "rising" : "falling") "
                                + "\(percent.magnitude)% from \(ExportDateStyle.monthLabel(before, in: range)) to "
                                + "\(ExportDateStyle.monthLabel(after, in: range)).")
                    }
                }
            }

            // Debt paydown: liabilities at the start against the end, from the exact balances.
            let liabilities = input.accounts.filter {
                $0.countsInTotals && $0.currency == export.currency && $0.isLiability
            }
            if !liabilities.isEmpty {
                var opening: Int64 = 0
                var closing: Int64 = 0
                for account in liabilities {
                    opening = try Exact.add(
                        opening,
                        try LLMExport.balance(of: account, at: range.start.adding(days: -1), input: input).minorUnits)
                    closing = try Exact.add(
                        closing, try LLMExport.balance(of: account, at: range.end, input: input).minorUnits)
                }
                // Balances of money owed are negative; what is owed is their opposite.
                let owedBefore = try Exact.negate(opening)
                let owedAfter = try Exact.negate(closing)
                let round = export.options.rounding
                func owed(_ units: Int64) -> String {
                    export.text(round.rounded(Money(minorUnits: units, currency: export.currency)))
                }
                if owedBefore > 0 {
                    let percent = LLMExport.whole(Percent.of(owedAfter - owedBefore, in: owedBefore))
                    let trend =
                        percent < 0
                        ? "down \(percent.magnitude)%, indicating debt paydown"
                        : percent > 0 ? "up \(percent)%, indicating new borrowing" : "unchanged"
                    sentences.append(
                        "Total liabilities went from \(owed(owedBefore)) to \(owed(owedAfter)) owed, \(trend).")
                }
            }

            if let commitments = export.commitments, commitments.itemCount > 0 {
                sentences.append(
                    "Total recurring commitments: \(export.text(commitments.monthlyTotal))/month "
                        + "(\(commitments.itemCount) \(commitments.itemCount == 1 ? "item" : "items")).")
                if let needs = input.lens?.segments.first(where: { $0.bucket == .need })?.amount, needs.isPositive,
                    let recurringNeeds = input.recurring?.monthlyByBucket[.need], recurringNeeds.isPositive
                {
                    // Recurring needs are monthly; the lens's needs cover the whole period, so compare per month.
                    let percent = LLMExport.whole(
                        Percent.of(
                            try recurringNeeds.multiplied(by: Int64(monthsInRange.count)).minorUnits,
                            in: needs.minorUnits))
                    sentences.append(
                        "Recurring needs (\(export.text(commitments.needs))) account for \(percent)% of the average "
                            + "month's needs spending.")
                }
            }

            if let budget = export.budget {
                let parts = budget.buckets.map { status in
                    let name = status.bucket.displayName
                    let points = status.percentage - status.target
                    let position =
                        points == 0
                        ? "on target"
                        : "\(points.magnitude)% \(points > 0 ? "above" : "below") the \(status.target)% target"
                    return "\(name) \(status.bucket == .savings ? "is" : "are") at \(status.percentage)% of spending "
                        + "and saving, \(position)"
                }
                sentences.append("50/30/20 status: " + parts.joined(separator: "; ") + ". " + budget.status + ".")
            }
            text = sentences.joined(separator: " ")
        }
    }

    /// An amount as the export writes it: `$1,250` when rounding is on (no cents left), `$1,245.67` when off;
    /// `signed` puts `+` before a positive amount.
    public func text(_ money: Money, signed: Bool = false) -> String {
        var written = money.formatted()
        if options.rounding.isOn, money.minorUnits % money.currency.minorUnitsPerMajor == 0, money.currency.exponent > 0
        {
            let zeros = "." + String(repeating: "0", count: money.currency.exponent)
            if let range = written.range(of: zeros) { written.removeSubrange(range) }
        }
        return (signed && money.isPositive ? "+" : "") + written
    }
}

import Foundation
import VaultCore

/// What a person asks of the LLM export, parsed: the period, the options, the format and what to leave out.
public struct LLMExportRequest: Hashable, Sendable {
    public var range: DateRange
    public var options: LLMExport.Options
    public var format: ExportFormat
    /// Transactions to leave out of every figure.
    public var excluded: [Transaction.ID]

    /// How many transactions one export may leave out.
    public static let maximumExcluded = 1_000

    public init(
        range: DateRange, options: LLMExport.Options = .init(), format: ExportFormat = .markdown,
        excluded: [Transaction.ID] = []
    ) {
        self.range = range
        self.options = options
        self.format = format
        self.excluded = excluded
    }

    /// Parses the fields as the web form, the API and the CLI receive them, collecting every problem.
    ///
    /// - Parameters:
    ///   - from, through: `YYYY-MM-DD`; the period's first and last days.
    ///   - rounding: `off`, `nearest-10`, `nearest-50`, `two-significant` (nil for off).
    ///   - format: `markdown` or `json` (nil for Markdown).
    ///   - dates: `month-day` or `days-before-end` (nil for month-day).
    ///   - exclude: transaction ids.
    public static func parse(
        from: String?, through: String?, rounding: String? = nil, format: String? = nil, dates: String? = nil,
        narrative: Bool = true, exclude: [String] = []
    ) throws(InvalidInput) -> LLMExportRequest {
        var problems: [Problem] = []
        func day(_ text: String?, field: String) -> LocalDate? {
            guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                problems.append(
                    Problem(
                        field: field,
                        message: "Give the period's \(field == "from" ? "first" : "last") day as YYYY-MM-DD."))
                return nil
            }
            guard let date = LocalDate(iso: text) else {
                problems.append(
                    Problem(field: field, message: "'\(text)' is not a date; write it as YYYY-MM-DD, like 2026-11-01."))
                return nil
            }
            return date
        }
        let start = day(from, field: "from")
        let end = day(through, field: "through")
        var range: DateRange?
        if let start, let end {
            range = DateRange(start: start, end: end)
            if range == nil {
                problems.append(Problem(field: "from", message: "The first day is after the last; swap them."))
            } else if range!.dayCount > HistoryRange.maximumCustomDays {
                problems.append(
                    Problem(
                        field: "through",
                        message:
                            "An export covers at most \(HistoryRange.maximumCustomDays) days; choose a shorter period.")
                )
            }
        }
        var chosenRounding = ExportRounding.off
        if let rounding, !rounding.isEmpty {
            if let parsed = ExportRounding(name: rounding) {
                chosenRounding = parsed
            } else {
                problems.append(
                    Problem(
                        field: "rounding",
                        message: "'\(rounding)' is not a rounding; use off, nearest-10, nearest-50 or two-significant.")
                )
            }
        }
        var chosenFormat = ExportFormat.markdown
        if let format, !format.isEmpty {
            if let parsed = ExportFormat(name: format) {
                chosenFormat = parsed
            } else {
                problems.append(Problem(field: "format", message: "'\(format)' is not a format; use markdown or json."))
            }
        }
        var style = ExportDateStyle.monthDay
        if let dates, !dates.isEmpty {
            if let parsed = ExportDateStyle(name: dates) {
                style = parsed
            } else {
                problems.append(
                    Problem(
                        field: "dates", message: "'\(dates)' is not a date style; use month-day or days-before-end."))
            }
        }
        var ids: [Transaction.ID] = []
        for text in exclude.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !text.isEmpty {
            if let id = Transaction.ID(text) {
                ids.append(id)
            } else {
                problems.append(Problem(field: "exclude", message: "'\(text)' is not a transaction id."))
            }
        }
        if ids.count > maximumExcluded {
            problems.append(
                Problem(field: "exclude", message: "An export can leave out at most \(maximumExcluded) transactions."))
        }
        guard problems.isEmpty, let range else { throw InvalidInput(problems) }
        return LLMExportRequest(
            range: range,
            options: LLMExport.Options(rounding: chosenRounding, dateStyle: style, includesNarrative: narrative),
            format: chosenFormat, excluded: Array(Set(ids)).sorted { $0.description < $1.description })
    }
}

import Foundation
import VaultCore

/// The trend charts' timeframe selector (spec `ghostvault.md` 7.3): 1M, 3M, YTD, 1Y, and a custom range of two
/// dates, read from `?history=` or `?from=&to=`, shared by the net worth and income charts.
enum TimeframeSelector {
    static let timeframes = ["1M", "3M", "YTD", "1Y"]
    /// The timeframe shown when none is asked for.
    static let standard = "1Y"

    /// The chosen timeframe's name (nil for a custom range) and its range; refused as the API refuses it.
    static func parse(_ query: Form) throws -> (chosen: String?, range: HistoryRange) {
        let chosen = query["from"] == nil && query["to"] == nil ? query["history"] ?? standard : query["history"]
        return (chosen, try HistoryRange.parse(timeframe: chosen, from: query["from"], to: query["to"]))
    }

    /// The timeframe links, the chosen one marked.
    static func links(_ path: String, chosen: String?) -> HTML {
        let links = timeframes.map { name -> HTML in
            "<a href=\"\(path)?history=\(name)\" aria-current=\"\(name == chosen ? "true" : "false")\">\(name)</a>"
        }
        return "<div class=\"toggle\" role=\"group\" aria-label=\"Timeframe\">\(links)</div>"
    }

    /// The Custom range: two dates and Show.
    static func custom(_ path: String, query: Form) -> HTML {
        """
        <form method="get" action="\(path)" class="row" aria-label="Custom range">
        <label for="from">From</label><input id="from" name="from" type="date" value="\(query["from"] ?? "")" required>
        <label for="to">To</label><input id="to" name="to" type="date" value="\(query["to"] ?? "")" required>
        <button type="submit" class="secondary">Show</button></form>
        """
    }

    /// The chosen timeframe or range as the start of a query (`history=3M&amp;`), for links that change something else.
    static func keeping(_ query: Form) -> HTML {
        if let from = query["from"], let to = query["to"] { return "from=\(from)&amp;to=\(to)&amp;" }
        return query["history"].map { "history=\($0)&amp;" } ?? ""
    }
}

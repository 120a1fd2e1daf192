import Foundation

extension LeakCheck {
    /// An amount of money as written in the export, with where it sits (indices into the text's scalars).
    struct Figure {
        let range: Range<Int>
        let text: String
        let amount: Money
    }

    /// Every amount of money in `output`: figures marked with the currency's symbol or code (Markdown and the
    /// narrative), and in JSON every number whose key is not one of `LLMExport.nonMoneyKeys`.
    static func moneyFigures(in output: String, format: ExportFormat, currency: Currency) -> [Figure] {
        let scalars = Array(output.unicodeScalars)
        var figures: [Figure] = []
        func isNumberScalar(_ scalar: Unicode.Scalar) -> Bool {
            ("0"..."9").contains(scalar) || scalar == "," || scalar == "."
        }
        /// The number starting at `start`, without a trailing comma or full stop.
        func number(from start: Int) -> Range<Int>? {
            var end = start
            while end < scalars.count, isNumberScalar(scalars[end]) { end += 1 }
            while end > start, scalars[end - 1] == "," || scalars[end - 1] == "." { end -= 1 }
            return end > start && ("0"..."9").contains(scalars[start]) ? start..<end : nil
        }
        func add(_ range: Range<Int>, from start: Int? = nil, signAt: Int?) {
            var lower = start ?? range.lowerBound
            if let signAt, signAt >= 0, scalars[signAt] == "-" || scalars[signAt] == "+" { lower = signAt }
            let written = String(String.UnicodeScalarView(scalars[lower..<range.upperBound]))
            let digits = String(String.UnicodeScalarView(scalars[range]))
            let negative = scalars[lower] == "-"
            guard let amount = try? Money(parsing: (negative ? "-" : "") + digits, currency: currency) else { return }
            figures.append(Figure(range: lower..<range.upperBound, text: written, amount: amount))
        }
        let marker = Array((currency.symbol ?? "").unicodeScalars)
        let code = Array((" " + currency.code).unicodeScalars)
        var index = 0
        while index < scalars.count {
            if !marker.isEmpty, index + marker.count <= scalars.count,
                Array(scalars[index..<index + marker.count]) == marker,
                let range = number(from: index + marker.count)
            {
                add(range, from: index, signAt: index - 1)
                index = range.upperBound
                continue
            }
            if let range = number(from: index), index == 0 || !isNumberScalar(scalars[index - 1]) {
                let after = range.upperBound
                if after + code.count <= scalars.count, Array(scalars[after..<after + code.count]) == code {
                    add(range, signAt: index - 1)
                }
                index = range.upperBound
                continue
            }
            index += 1
        }
        guard format == .json else { return figures }
        // JSON members are written one to a line: `"key": 5250,`.
        var lineStart = 0
        while lineStart < scalars.count {
            var lineEnd = lineStart
            while lineEnd < scalars.count, scalars[lineEnd] != "\n" { lineEnd += 1 }
            let line = String(String.UnicodeScalarView(scalars[lineStart..<lineEnd]))
            if let colon = line.range(of: "\": "), line.trimmingCharacters(in: .whitespaces).hasPrefix("\"") {
                let key = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces).dropFirst()
                let valueOffset = line.unicodeScalars.distance(
                    from: line.unicodeScalars.startIndex, to: colon.upperBound)
                var start = lineStart + valueOffset
                let negative = start < lineEnd && scalars[start] == "-"
                if negative { start += 1 }
                if !LLMExport.nonMoneyKeys.contains(String(key)), let range = number(from: start),
                    range.upperBound <= lineEnd
                {
                    add(range, signAt: negative ? start - 1 : nil)
                }
            }
            lineStart = lineEnd + 1
        }
        return figures
    }

    /// Email addresses: `name@domain.tld`.
    static func emails(in output: String) -> [String] {
        let scalars = Array(output.unicodeScalars)
        func local(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._%+-".unicodeScalars.contains(scalar)
        }
        func domain(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "-"
        }
        var found: [String] = []
        for (at, scalar) in scalars.enumerated() where scalar == "@" {
            var start = at
            while start > 0, local(scalars[start - 1]) { start -= 1 }
            var end = at + 1
            while end < scalars.count, domain(scalars[end]) { end += 1 }
            while end > at + 1, scalars[end - 1] == "." { end -= 1 }
            let host = String(String.UnicodeScalarView(scalars[(at + 1)..<end]))
            guard start < at, let dot = host.lastIndex(of: "."), dot != host.startIndex,
                host[host.index(after: dot)...].count >= 2
            else { continue }
            found.append(String(String.UnicodeScalarView(scalars[start..<end])))
        }
        return found
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// Calendar dates (and month names) inside `period`, as written in `output`.
    static func dates(in output: String, period: DateRange) -> [String] {
        var months: Set<CalendarMonth> = []
        var month = CalendarMonth(containing: period.start)
        while month <= CalendarMonth(containing: period.end) {
            months.insert(month)
            month = month.next
        }
        let years = Set(months.map(\.year))
        func inside(year: Int?, month: Int, day: Int) -> Bool {
            for candidate in year.map({ [$0] }) ?? years.sorted() {
                if let date = LocalDate(year: candidate, month: month, day: day), period.contains(date) { return true }
            }
            return false
        }
        func monthNumber(_ word: String) -> (number: Int, full: Bool)? {
            for (index, name) in monthNames.enumerated() {
                if word == name { return (index + 1, true) }
                if word.count >= 3, word.count <= 4, name.hasPrefix(word), word != "Mar" || name == "March" {
                    return (index + 1, false)
                }
            }
            return nil
        }
        // Tokens: words (letters) and numbers (digits joined by - / .), in order.
        var tokens: [String] = []
        var current = ""
        var previous: Character = " "
        for character in output + " " {
            let joins = "-/.".contains(character) && previous.isNumber
            if character.isLetter || character.isNumber || joins {
                if !current.isEmpty, current.last!.isLetter != character.isLetter, !joins,
                    !(current.last! == "-" || current.last! == "/" || current.last! == ".")
                {
                    tokens.append(current)
                    current = ""
                }
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
            previous = character
        }
        var found: [String] = []
        for (index, raw) in tokens.enumerated() {
            let token = String(raw.reversed().drop(while: { "-/.".contains($0) }).reversed())
            if let first = token.first, first.isNumber {
                let separators = token.filter { "-/.".contains($0) }
                let parts = token.split(whereSeparator: { "-/.".contains($0) }).compactMap { Int($0) }
                guard parts.count == token.split(whereSeparator: { "-/.".contains($0) }).count else { continue }
                let firstPart = token.split(whereSeparator: { "-/.".contains($0) }).first!
                if parts.count == 3 {
                    let dates: [(Int?, Int, Int)] =
                        firstPart.count == 4
                        ? [(parts[0], parts[1], parts[2])]
                        : [(Self.year(parts[2]), parts[0], parts[1]), (Self.year(parts[2]), parts[1], parts[0])]
                    if dates.contains(where: { inside(year: $0.0, month: $0.1, day: $0.2) }) { found.append(token) }
                } else if parts.count == 2, firstPart.count == 4, separators != "." {
                    if months.contains(where: { $0.year == parts[0] && $0.month == parts[1] }) { found.append(token) }
                } else if parts.count == 2, separators == "/" {
                    if inside(year: nil, month: parts[0], day: parts[1])
                        || inside(year: nil, month: parts[1], day: parts[0])
                    {
                        found.append(token)
                    }
                }
                continue
            }
            guard let (number, full) = monthNumber(token) else { continue }
            if full, years.contains(where: { months.contains(CalendarMonth(year: $0, month: number)!) }) {
                found.append(token)
                continue
            }
            for neighbour in [index - 1, index + 1] where tokens.indices.contains(neighbour) {
                if let day = Int(tokens[neighbour]), tokens[neighbour].count <= 2,
                    inside(year: nil, month: number, day: day)
                {
                    found.append(neighbour < index ? "\(tokens[neighbour]) \(token)" : "\(token) \(tokens[neighbour])")
                }
            }
        }
        return found
    }

    /// A year written with two or four digits.
    static func year(_ value: Int) -> Int { value < 100 ? 2000 + value : value }
}

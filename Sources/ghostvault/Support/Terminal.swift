import Foundation
import VaultServices

/// Writing to the terminal: results on standard output, messages on standard error, JSON for scripts.
enum Terminal {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(("error: " + text + "\n").utf8))
    }

    /// Prints a value as pretty JSON with stable key order.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Lines up rows in columns; columns listed in `rightAligned` (amounts) are padded on the left.
    static func table(_ header: [String], _ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { displayWidth($0[column]) }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - displayWidth(cell))
                return rightAligned.contains(index) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    /// Terminal columns a string takes: emoji take two.
    static func displayWidth(_ text: String) -> Int {
        text.reduce(0) { width, character in
            let scalars = character.unicodeScalars
            let wide = scalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
            return width + (wide ? 2 : 1)
        }
    }
}

extension String {
    /// The string without spaces at its end (leading indentation is kept).
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}

import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault export-llm`: the ghost-safe LLM export of a period (spec `ghostvault.md` section 14).
struct ExportLLMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-llm",
        abstract: "Write an anonymized summary of a period for pasting into an LLM, after a leak check.",
        discussion: """
            Accounts become aliases (Asset_A (Checking)), payees only appear as categories, days are relative to \
            the period and amounts can be rounded. The leak check runs on the export first; when it finds a name, \
            account digits, an email, a date or an unrounded amount, nothing is written and the command exits 1.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "The period's first day, YYYY-MM-DD.") var from: String
    @Option(help: "The period's last day, YYYY-MM-DD.") var to: String
    @Option(help: "off, nearest-10, nearest-50 or two-significant.") var rounding = "off"
    @Option(help: "markdown or json.") var format = "markdown"
    @Option(help: "month-day (Month 1, Day 15) or days-before-end (T-Minus 14 Days).") var dates = "month-day"
    @Option(help: "A transaction id to leave out (repeatable, or comma-separated).") var exclude: [String] = []
    @Flag(help: "Leave out the narrative paragraph.") var noNarrative = false
    @Flag(help: "Also print the preview of every transformation (to standard error).") var preview = false

    func run() async throws {
        let request: LLMExportRequest
        do {
            request = try LLMExportRequest.parse(
                from: from, through: to, rounding: rounding, format: format, dates: dates, narrative: !noNarrative,
                exclude: exclude)
        } catch {
            throw VaultError(error)
        }
        try await global.withHousehold { household, _ in
            let result = try await household.llmExport.export(request)
            if preview {
                var lines = result.preview.accounts.map { "\($0.name) -> \($0.alias)" }
                lines += result.preview.payees.map { "\($0.payee) -> \($0.category)" }
                lines += (result.preview.dates + result.preview.amounts).map { "\($0.original) -> \($0.shown)" }
                FileHandle.standardError.write(Data(("Preview:\n" + lines.joined(separator: "\n") + "\n").utf8))
            }
            guard result.check.passed else {
                Terminal.error("Leak check: \(result.check.summary)")
                Terminal.error("Leave out the transactions behind it with --exclude, or turn rounding on.")
                throw ExitCode(1)
            }
            Terminal.print(result.text.hasSuffix("\n") ? String(result.text.dropLast()) : result.text)
        }
    }
}

import Foundation
import Testing
import VaultCore

/// Real OFX files other open-source parsers ship: the test fixtures of `ofxparse` 0.21 (MIT licence, its notice in
/// `Fixtures/ofxparse/LICENSE`), from its source distribution on PyPI. `expected.json` is what ofxparse itself reads
/// from each file (`expected.py` regenerates it: `pip install ofxparse==0.21`, then run it from the unpacked sdist).
///
/// Every bank or card transaction ofxparse reads, GhostVault reads the same: the calendar day, the exact amount,
/// the FITID and the payee. Every file GhostVault does not import is refused with a message; none crashes it.
@Suite struct OFXCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ofxparse")

    struct Expected: Decodable {
        struct Statement: Decodable {
            var account: String?
            var kind: String?
            var rows: [Row]
        }
        struct Row: Decodable {
            var date: String?
            var amount: String
            var id: String?
            var payee: String?
        }
        var statements: [Statement]?
        var error: String?
    }

    /// What GhostVault does with each file: the number of rows it reads, or the code of its refusal.
    static let outcomes: [String: String] = [
        "account_listing_aggregation.ofx": "0 rows",
        "anzcc.ofx": "1 row",
        "bank_medium.ofx": "3 rows",
        "bank_small.ofx": "0 rows",
        "checking.ofx": "3 rows",
        "error_message.ofx": "0 rows",
        "fail_nice/date_missing.ofx": "bad_row",
        "fail_nice/decimal_error.ofx": "bad_row",
        "fail_nice/empty_balance.ofx": "1 row",
        "fidelity-savings.ofx": "wrong_format",
        "fidelity.ofx": "wrong_format",
        "investment_401k.ofx": "wrong_format",
        "investment_medium.ofx": "wrong_format",
        "multiple_accounts.ofx": "ambiguous",
        "multiple_accounts2.ofx": "ambiguous",
        "ofx-v102-empty-tags.ofx": "1 row",
        "signon_fail.ofx": "0 rows",
        "signon_success.ofx": "0 rows",
        "signon_success_no_message.ofx": "0 rows",
        "suncorp.ofx": "1 row",
        "td_ameritrade.ofx": "wrong_format",
        "tiaacref.ofx": "wrong_format",
        "vanguard.ofx": "wrong_format",
        "vanguard401k.ofx": "wrong_format",
    ]

    @Test("ofxparse's real OFX files: every bank row as ofxparse reads it, every refusal with a message")
    func corpus() throws {
        let expected = try JSONDecoder().decode(
            [String: Expected].self, from: Data(contentsOf: Self.directory.appendingPathComponent("expected.json")))
        var summary: [String] = []
        var rows = 0
        var exact = 0
        for name in expected.keys.sorted() {
            let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
            let outcome: String
            do {
                let file = try OFXStatement.file(data, defaultCurrency: .usd)
                let ours = try file.statement(nil)
                outcome = "\(ours.rows.count) row\(ours.rows.count == 1 ? "" : "s")"
            } catch {
                outcome = error.code.rawValue
                #expect(!error.message.isEmpty)
                summary.append("\(name): refused (\(error.code.rawValue)): \(error.message)")
            }
            #expect(Self.outcomes[name] == outcome, "\(name)")
            // Each statement ofxparse reads rows from, GhostVault reads row for row.
            guard let file = try? OFXStatement.file(data, defaultCurrency: .usd) else { continue }
            for statement in expected[name]?.statements ?? []
            where statement.kind == "Statement" && !statement.rows.isEmpty {
                let ours = file.statements.first { $0.accountID == statement.account }
                #expect(ours != nil, "\(name): statement \(statement.account ?? "")")
                #expect(ours?.rows.count == statement.rows.count, "\(name)")
                for (theirs, mine) in zip(statement.rows, ours?.rows ?? []) {
                    rows += 1
                    let amount = try DecimalMark.point.amount(theirs.amount, currency: mine.amount.currency)
                    let same =
                        theirs.date == mine.date.description && amount == mine.amount && theirs.id == mine.bankID
                        && (theirs.payee ?? "") == (mine.payee ?? "")
                    #expect(same, "\(name) line \(mine.line): ofxparse \(theirs), GhostVault \(mine)")
                    if same { exact += 1 }
                }
            }
        }
        summary.append("\(expected.count) files, \(rows) rows ofxparse reads, \(exact) read the same")
        print(summary.joined(separator: "\n"))
        #expect(rows == exact)
        #expect(rows == 8)
    }
}

import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The wizard's choices a file needs beyond its columns: reading a single amount column's money out the other way
/// (the preview's one click), and the encoding, statement or date order a file cannot tell by itself.
extension BankFilePages {
    /// The form behind the preview's flip: the same file and mapping with money out read the other way.
    func flipForm(_ signedIn: SignedIn, _ submission: Submission, _ account: Account.ID, file: BankFile) -> HTML {
        guard var mapping = file.mapping, case .signed = mapping.amount else { return .empty }
        mapping.moneyOut = mapping.moneyOut == .negative ? .positive : .negative
        let payload = CSVMappingPayload(mapping)
        var values: [(String, String)] = [
            ("separator", payload.separator), ("header", payload.header ? "true" : "false"),
            ("dateColumn", String(payload.dateColumn)), ("dateFormat", payload.dateFormat),
            ("amountColumn", String(payload.amountColumn ?? 0)), ("moneyOut", payload.moneyOut),
            ("decimal", payload.decimal), ("descriptionColumn", String(payload.descriptionColumn)),
            ("payeeColumn", String(payload.payeeColumn ?? 0)), ("categoryColumn", String(payload.categoryColumn ?? 0)),
            ("memoColumn", String(payload.memoColumn ?? 0)), ("format", file.format.rawValue),
        ]
        if let encoding = file.encoding { values.append(("encoding", encoding.rawValue)) }
        let fields = values.map { name, value in
            "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.escape(value))\">"
        }.joined()
        return """
            <form id="bank-flip" method="post" action="\(Self.path)" enctype="multipart/form-data">\(carried(signedIn, submission, account))\(HTML(trusted: fields))</form>
            """
    }

    /// A choice the file needs before it can be read: its encoding, which of its statements or accounts, or its
    /// date order. The page says why and offers the choices; the next step reads the file with the one chosen.
    func choose(
        _ context: PageContext, _ submission: Submission, account: Account.ID, error: VaultError
    ) async throws -> Response {
        let signedIn = context.signedIn
        let field =
            error.problems.first { ["encoding", "statement", "dateFormat"].contains($0.field) }?.field ?? "encoding"
        var values: [(String, String)]
        switch field {
        case "encoding": values = BankFileEncoding.allCases.map { ($0.rawValue, $0.name) }
        case "dateFormat": values = BankDateFormat.allCases.map { ($0.rawValue, $0.rawValue) }
        default:
            // The statements or accounts the file holds, as the reader lists them.
            let format = BankFileFormat(fileName: submission.fileName) ?? BankFileFormat.sniff(submission.data)
            var names: [String] = []
            do throws(BankFileError) {
                _ = try BankFile(data: submission.data, format: format).read(currency: .usd)
            } catch {
                names = error.choices
            }
            values = names.map { ($0, $0) }
        }
        let label =
            ["encoding": "Text encoding", "dateFormat": "Date format", "statement": "Statement or account"][field]
            ?? field
        let options = values.map { value, title -> HTML in "<option value=\"\(value)\">\(title)</option>" }
        // What was chosen before (the mapping, the other choices) travels on.
        let kept = submission.fields.filter { key, _ in
            key != field && key != "action" && key != "csrf" && key != "content" && key != "fileName"
                && key != "account"
        }
        let hidden = kept.sorted { $0.key < $1.key }.map { name, value in
            "<input type=\"hidden\" name=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value))\">"
        }.joined()
        return .html(
            Layout.page(
                title: "Import a bank file", signedIn: signedIn, current: "/settings",
                body: """
                    <h1>Import a bank file</h1>
                    <section class="card" aria-labelledby="choose-title"><h2 id="choose-title">One question about \(submission.fileName)</h2>
                    \(Layout.problems([error.description]))
                    <form class="stack" id="bank-choose" method="post" action="\(Self.path)" enctype="multipart/form-data">\(carried(signedIn, submission, account))\(HTML(trusted: hidden))
                    <label for="choose-\(field)">\(label)</label><select id="choose-\(field)" name="\(field)">\(options)</select>
                    <div class="row"><button type="submit" name="action" value="upload">Next</button> <a class="button secondary" href="\(Self.path)">Start again</a></div>
                    </form></section>
                    """),
            status: .unprocessableContent)
    }
}

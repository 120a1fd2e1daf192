import Foundation
import HTTPTypes
import PropertyBased
import Testing
import VaultCore
import VaultTestSupport

@testable import VaultWeb

/// Form and query decoding, the web layer's parser of outside input, checked on generated inputs (scripts/fuzz
/// runs this suite with many more of them: `GHOSTVAULT_PROPERTY_RUNS`).
@Suite struct FormPropertyTests {
    /// Typed text as it reaches a form: letters, digits, the characters form encoding treats specially
    /// (`& = + %` and space), line breaks and tabs, accented letters, CJK, and emoji outside the BMP.
    static let typedCharacter = Gen<Character>.oneOf(
        Gen.letterOrNumber,
        Gen<Character?>.element(of: Array("&=+%# ;?/\\\"'<>\n\t") as [Character]).map { $0! },
        Gen.character(in: "\u{A0}"..."\u{24F}"),
        Gen.character(in: "\u{4E00}"..."\u{4FFF}"),
        Gen.character(in: "\u{1F300}"..."\u{1F5FF}")
    )

    static let fields = zip(
        Gen.letterOrNumber.string(of: 1...6), typedCharacter.string(of: 0...24)
    ).array(of: 0...8)

    /// Bytes as a hostile client sends them: weighted towards the bytes that drive decoding (`%`, hex
    /// digits, `+`, `&`, `=`), with control codes and bytes that are not UTF-8 on their own.
    static let hostileByte = Gen<UInt8>.oneOf(
        Gen<UInt8?>.element(of: Array("%%%+&=0123456789abcdefABCDEF".utf8)).map { $0! },
        Gen<UInt8>.value(in: 0...255)
    )

    @Test func whatABrowserEncodesReadsBackAsTyped() async {
        await propertyCheck(count: PropertyRuns.count(), input: Self.fields) { fields in
            let body = Self.browserEncoded(fields)
            let form = try #require(try? Form.submitted(Array(body.utf8)), "refused \(body)")
            for name in Set(fields.map(\.0)) {
                #expect(form.all(name) == fields.filter { $0.0 == name }.map(\.1), "\(body)")
            }
            // A query string decodes the same way.
            let query = Form(encoded: body)
            for name in Set(fields.map(\.0)) { #expect(query.all(name) == form.all(name)) }
        }
    }

    @Test func anyBytesAreReadAsTypedTextOrRefusedWhole() async {
        await propertyCheck(count: PropertyRuns.count(), input: Self.hostileByte.array(of: 0...64)) { bytes in
            let form: Form
            do throws(PageError) {
                form = try Form.submitted(bytes)
            } catch {
                #expect(error.status == .badRequest)
                return
            }
            // Accepted: the body was UTF-8, and every pair decoded to text without control codes.
            let text = try #require(String(validating: bytes, as: UTF8.self))
            for (name, value) in Form.pairs(text) {
                #expect(form.all(name).contains(value.replacingOccurrences(of: "\r\n", with: "\n")))
                #expect((name + value).unicodeScalars.allSatisfy { PlainText.isAllowed($0, multiline: true) })
            }
        }
    }

    /// The sign-in page's `next` parameter: whatever is sent, the redirect after sign-in stays on this site.
    @Test func nextNeverLeavesTheSite() async {
        // Mostly starting with "/", as a path this site made would, so that the checks after the first are reached.
        let path = zip(
            Gen<String?>.element(of: ["/", "/", "/", "", "https:"]).map { $0! },
            Gen<Character?>.element(of: Array("/\\.:@%?#ab1 \t") as [Character]).map { $0! }.string(of: 0...12)
        ).map { $0 + $1 }
        await propertyCheck(count: PropertyRuns.count(), input: path) { sent in
            guard let next = AuthPages.localPath(sent) else { return }
            // Resolved as a browser resolves the redirect's Location against the sign-in page.
            let page = URL(string: "https://vault.example/login")!
            let url = try #require(URL(string: next, relativeTo: page)?.absoluteURL, "\(sent)")
            #expect(url.host == "vault.example", "next=\(sent) leads to \(String(describing: url.host))")
            #expect(url.user == nil && url.password == nil)
        }
    }

    /// The Transactions page's query: any text in its fields gives a page it can show, and the problems to say.
    @Test func anyTransactionsQueryGivesAPageToShow() async {
        let value = Self.hostileByte.array(of: 0...8).map { String(decoding: $0, as: UTF8.self) }
        let names = Gen<String?>.element(of: ["page", "size", "ppage", "psize", "sort", "transfers", "account"])
            .map { $0! }
        await propertyCheck(count: PropertyRuns.count(), input: zip(names, value).array(of: 0...6)) { fields in
            let view = TransactionsView(Form(encoded: Self.browserEncoded(fields)))
            #expect(view.page >= 1 && view.pairPage >= 1)
            #expect(PageRequest.allowedSizes.contains(view.size) && PageRequest.allowedSizes.contains(view.pairSize))
        }
    }

    /// `application/x-www-form-urlencoded` as the WHATWG URL standard has browsers write it.
    static func browserEncoded(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet(charactersIn: "*-._")
        allowed.formUnion(CharacterSet(charactersIn: "a"..."z"))
        allowed.formUnion(CharacterSet(charactersIn: "A"..."Z"))
        allowed.formUnion(CharacterSet(charactersIn: "0"..."9"))
        allowed.insert(" ")
        func encode(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: allowed)!.replacingOccurrences(of: " ", with: "+")
        }
        return fields.map { encode($0.0) + "=" + encode($0.1) }.joined(separator: "&")
    }
}

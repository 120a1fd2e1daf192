import Foundation
import VaultCore
import VaultServices

/// A card as `POST /api/v1/cards` and `PATCH /api/v1/cards/{id}` take it. Either a library card (`template`
/// with the person's `lastFourDigits`, `statementDay`, `categories` and `account`) or a custom card field by
/// field. Amounts and rates are decimal strings ("1000", "1.4"); a field left out is left as it is (or unset);
/// an empty string clears a threshold, rate, last four digits or notes; `statementDay` "" is the calendar month.
struct CardBody: Decodable, Sendable {
    /// One cap as sent: `{"categories": ["contactless"], "minimumSpend": "1000", "cap": "1200", "bonusRate": "4.0"}`.
    struct CapBody: Decodable, Sendable {
        let categories: [String]?
        let minimumSpend: String?
        let cap: String?
        let bonusRate: String?
    }

    let template: String?
    let categories: [String]?
    let bank: String?
    let network: String?
    let name: String?
    let lastFourDigits: String?
    let currency: String?
    let minimumSpend: String?
    let maximumSpend: String?
    let statementDay: TextOrNumber?
    let localRate: String?
    let foreignRate: String?
    let baseRate: String?
    let notes: String?
    let caps: [CapBody]?
    let account: String?

    /// The fields as the service takes them (missing cap parts as empty, so the service names them).
    var fields: CardService.Fields {
        CardService.Fields(
            bank: bank, network: network, name: name, lastFourDigits: lastFourDigits, currency: currency,
            minimumSpend: minimumSpend, maximumSpend: maximumSpend, statementDay: statementDay?.text,
            localRate: localRate, foreignRate: foreignRate, baseRate: baseRate, notes: notes,
            caps: caps?.map {
                CardService.Fields.Cap(
                    categories: $0.categories ?? [], minimumSpend: $0.minimumSpend, cap: $0.cap ?? "",
                    bonusRate: $0.bonusRate ?? "")
            },
            account: account)
    }

    /// Refuses a library card sent with fields of a custom card: the library's own are copied, and the card
    /// is changed afterwards with PATCH. Names every such field at once.
    func refuseCustomFields() throws {
        let sent: [(String, Bool)] = [
            ("bank", bank != nil), ("network", network != nil), ("name", name != nil), ("currency", currency != nil),
            ("minimumSpend", minimumSpend != nil), ("maximumSpend", maximumSpend != nil),
            ("localRate", localRate != nil), ("foreignRate", foreignRate != nil), ("baseRate", baseRate != nil),
            ("notes", notes != nil), ("caps", caps != nil),
        ]
        let problems = sent.filter(\.1).map {
            Problem(
                field: $0.0,
                message: "A library card comes with its own \($0.0); add it with only lastFourDigits, statementDay, "
                    + "categories and account, then change it with PATCH.")
        }
        if !problems.isEmpty { throw VaultError(InvalidInput(problems)) }
    }

    /// A value sent as a string or a whole number (`"15"` or `15`).
    enum TextOrNumber: Decodable, Sendable {
        case text(String)
        case number(Int)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        var text: String {
            switch self {
            case .text(let text): text
            case .number(let number): String(number)
            }
        }
    }
}

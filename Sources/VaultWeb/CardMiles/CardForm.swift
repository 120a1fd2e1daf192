import Foundation
import VaultCore
import VaultServices
import VaultStore

/// A card's fields as typed on the custom card and edit forms, kept as typed so a refused form comes back with
/// them; the service reads them (`CardService.Fields`) and says what is wrong with each.
struct CardForm {
    /// One cap row: its categories (chips), optional minimum, cap and bonus rate.
    struct CapRow {
        var categories: [String] = []
        var minimum = ""
        var cap = ""
        var rate = ""

        /// A row left empty is no cap.
        var isBlank: Bool { categories.isEmpty && minimum.isEmpty && cap.isEmpty && rate.isEmpty }
    }

    /// The most cap rows the form shows: more than any library card has (two), room for a person's own card.
    static let maximumCapRows = 6

    var bank = CardBank.other.rawValue
    var network = CardNetwork.visa.rawValue
    var name = ""
    var lastFour = ""
    var currency = ""
    var minimum = ""
    var maximum = ""
    /// `calendar` or `statement`.
    var cycle = "calendar"
    var statementDay = ""
    var localRate = ""
    var foreignRate = ""
    var baseRate = ""
    var notes = ""
    /// An account id; empty makes a manual account for the card.
    var account = ""
    var caps: [CapRow] = [CapRow(), CapRow()]

    init() {}

    /// The card's fields as they are now, for its edit form.
    init(_ card: MilesCard) {
        bank = card.bank.rawValue
        network = card.network.rawValue
        name = card.name
        lastFour = card.lastFourDigits ?? ""
        currency = card.currency.code
        minimum = card.minimumSpend?.decimalString ?? ""
        maximum = card.maximumSpend?.decimalString ?? ""
        if case .statementMonth(let day) = card.cycle {
            cycle = "statement"
            statementDay = String(day)
        }
        localRate = card.localRate?.description ?? ""
        foreignRate = card.foreignRate?.description ?? ""
        baseRate = card.baseRate?.description ?? ""
        notes = card.notes ?? ""
        account = card.linkedAccountID?.description ?? ""
        caps = card.categoryCaps.map {
            CapRow(
                categories: $0.categories.map(\.rawValue), minimum: $0.minimumSpend?.decimalString ?? "",
                cap: $0.cap.decimalString, rate: $0.bonusRate.description)
        }
        caps.append(CapRow())
    }

    /// What a person sent.
    init(_ form: Form) {
        bank = form["bank"] ?? ""
        network = form["network"] ?? ""
        name = form.raw("name")
        lastFour = form["lastFour"] ?? ""
        currency = form["currency"] ?? ""
        minimum = form["minimum"] ?? ""
        maximum = form["maximum"] ?? ""
        cycle = form["cycle"] == "statement" ? "statement" : "calendar"
        statementDay = form["statementDay"] ?? ""
        localRate = form["localRate"] ?? ""
        foreignRate = form["foreignRate"] ?? ""
        baseRate = form["baseRate"] ?? ""
        notes = form.raw("notes").trimmingCharacters(in: .whitespacesAndNewlines)
        account = form["account"] ?? ""
        let rows = min(max(Int(form["capRows"] ?? "") ?? 0, 0), Self.maximumCapRows)
        caps = (0..<rows).map { index in
            CapRow(
                categories: form.all("cap\(index)-category"), minimum: form["cap\(index)-minimum"] ?? "",
                cap: form["cap\(index)-cap"] ?? "", rate: form["cap\(index)-rate"] ?? "")
        }
        if caps.allSatisfy({ !$0.isBlank }), caps.count < Self.maximumCapRows { caps.append(CapRow()) }
    }

    /// Whether a statement month was chosen without its day: sent to the service as day 0, which it refuses
    /// with every other problem of the form at once (and so writes nothing); the message is then this form's.
    var isMissingStatementDay: Bool { cycle == "statement" && statementDay.isEmpty }

    /// The rows that are caps, with their row numbers (the service numbers its problems by position in the list).
    var filledCaps: [(row: Int, cap: CapRow)] {
        caps.enumerated().filter { !$0.element.isBlank }.map { ($0.offset, $0.element) }
    }

    /// The fields for the service: every field as typed (empty clears it), the caps replacing the card's.
    var fields: CardService.Fields {
        CardService.Fields(
            bank: bank, network: network, name: name, lastFourDigits: lastFour,
            currency: currency.isEmpty ? nil : currency, minimumSpend: minimum, maximumSpend: maximum,
            statementDay: cycle == "statement" ? (statementDay.isEmpty ? "0" : statementDay) : "", localRate: localRate,
            foreignRate: foreignRate,
            baseRate: baseRate, notes: notes,
            caps: filledCaps.map {
                CardService.Fields.Cap(
                    categories: $0.cap.categories, minimumSpend: $0.cap.minimum, cap: $0.cap.cap,
                    bonusRate: $0.cap.rate)
            }, account: account.isEmpty ? nil : account)
    }

    /// The service's problems as the form shows them: cap `n` of the list renamed to the row it came from, so
    /// each shows there, and a missing statement day asked for in the form's words.
    func problemsByRow(_ problems: [Problem]) -> [Problem] {
        let rows = filledCaps.map(\.row)
        return problems.map { problem in
            if problem.field == "statementDay", isMissingStatementDay {
                return Problem(
                    field: "statementDay", message: "Give the statement day, 1 to 31, or choose Calendar month.")
            }
            guard problem.field.hasPrefix("categoryCaps["),
                let index = Int(problem.field.dropFirst("categoryCaps[".count).dropLast()), rows.indices.contains(index)
            else { return problem }
            return Problem(field: "cap\(rows[index])", message: problem.message)
        }
    }
}

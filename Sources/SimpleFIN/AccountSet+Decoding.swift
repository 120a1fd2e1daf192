import Foundation

extension AccountSet {
    /// Decodes an `/accounts` body of either version; throws `malformedResponse` naming what is missing.
    public init(json data: Data) throws(SimpleFINError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SimpleFINError(.notJSON, "SimpleFIN answered with something that is not JSON; try again later.")
        }
        guard let root = object as? [String: Any] else {
            throw SimpleFINError(.malformedResponse, "SimpleFIN's answer is not a JSON object.")
        }
        let reader = JSONReader(path: "the answer")
        var messages: [Message] = []
        for text in try reader.strings(root["errors"], "errors") {
            messages.append(Message(code: "gen", text: sanitize(text)))
        }
        for text in try reader.strings(root["x-api-message"], "x-api-message") {
            messages.append(Message(code: "api", text: sanitize(text)))
        }
        let errlist = root["errlist"] as? [[String: Any]] ?? []
        for entry in errlist {
            let text = (entry["msg"] as? String) ?? (entry["message"] as? String) ?? ""
            messages.append(
                Message(
                    code: (entry["code"] as? String) ?? "gen", text: sanitize(text),
                    connectionID: entry["conn_id"] as? String, accountID: entry["account_id"] as? String))
        }

        var connections: [Connection] = []
        for entry in root["connections"] as? [[String: Any]] ?? [] {
            let item = JSONReader(path: "a connection")
            connections.append(
                Connection(
                    id: try item.string(entry["conn_id"], "conn_id"),
                    name: sanitize((entry["name"] as? String) ?? (entry["org_name"] as? String) ?? "Institution"),
                    institutionID: entry["org_id"] as? String,
                    institutionName: (entry["org_name"] as? String).map(sanitize),
                    institutionURL: (entry["org_url"] as? String) ?? (entry["sfin_url"] as? String)))
        }
        let isVersion2 = root["errlist"] != nil || root["connections"] != nil

        guard let rawAccounts = root["accounts"] as? [[String: Any]] else {
            throw SimpleFINError(.malformedResponse, "SimpleFIN's answer has no account list.")
        }
        var accounts: [Account] = []
        for raw in rawAccounts {
            let item = JSONReader(path: "an account")
            let org = raw["org"] as? [String: Any]
            guard let connectionID = raw["conn_id"] as? String ?? org.map({ Self.connection(fromOrg: $0).id }) else {
                throw SimpleFINError(.malformedResponse, "An account in SimpleFIN's answer names no institution.")
            }
            if !connections.contains(where: { $0.id == connectionID }) {
                // A v1 org seen first, or a v2 `conn_id` missing from `connections`: the account still needs its
                // connection, or sync would drop it without a word.
                var connection = org.map(Self.connection(fromOrg:)) ?? Connection(id: connectionID, name: "Institution")
                connection.id = connectionID
                connections.append(connection)
            }
            var available: String?
            if let value = raw["available-balance"], !(value is NSNull) {
                available = try item.decimal(value, "available-balance")
            }
            accounts.append(
                Account(
                    id: try item.string(raw["id"], "id"), name: sanitize(try item.string(raw["name"], "name")),
                    connectionID: connectionID, currency: try item.string(raw["currency"], "currency"),
                    balance: try item.decimal(raw["balance"], "balance"),
                    availableBalance: available,
                    balanceDate: try item.date(raw["balance-date"], "balance-date") ?? Date(timeIntervalSince1970: 0),
                    transactions: try (raw["transactions"] as? [[String: Any]] ?? []).map(Self.transaction(from:)),
                    holdings: (raw["holdings"] as? [[String: Any]] ?? []).compactMap(Self.holding(from:))))
        }
        self.init(accounts: accounts, connections: connections, messages: messages, isVersion2: isVersion2)
    }

    static func transaction(from raw: [String: Any]) throws(SimpleFINError) -> Transaction {
        let item = JSONReader(path: "a transaction")
        return Transaction(
            id: try item.string(raw["id"], "id"), posted: try item.date(raw["posted"], "posted"),
            amount: try item.decimal(raw["amount"], "amount"),
            description: sanitize(try item.string(raw["description"], "description")),
            payee: (raw["payee"] as? String).map(sanitize).flatMap { $0.isEmpty ? nil : $0 },
            memo: (raw["memo"] as? String).map(sanitize).flatMap { $0.isEmpty ? nil : $0 },
            transactedAt: try item.date(raw["transacted_at"], "transacted_at"),
            isPending: raw["pending"].map { isBoolean($0) && ($0 as? Bool ?? false) } ?? false)
    }

    static func holding(from raw: [String: Any]) -> Holding? {
        guard let id = raw["id"] as? String else { return nil }
        func text(_ key: String) -> String? {
            if let string = raw[key] as? String { return string }
            if let number = raw[key] as? NSNumber { return number.stringValue }
            return nil
        }
        return Holding(
            id: id, symbol: text("symbol"), description: text("description").map(sanitize), shares: text("shares"),
            marketValue: text("market_value"), costBasis: text("cost_basis"), currency: text("currency"))
    }

    /// A v1 `org` as a connection: v1 cannot tell two logins at one bank apart.
    static func connection(fromOrg org: [String: Any]) -> Connection {
        let domain = org["domain"] as? String
        let name = (org["name"] as? String).map(sanitize)
        let id = (org["id"] as? String) ?? domain ?? name ?? "unknown"
        return Connection(
            id: "org:" + id, name: name ?? domain.map(sanitize) ?? "Institution", institutionID: org["id"] as? String,
            institutionName: name, institutionURL: (org["url"] as? String) ?? (org["sfin-url"] as? String),
            institutionDomain: domain)
    }
}

/// Server text made safe to show: control characters removed, length bounded (reference section 5.20).
func sanitize(_ text: String) -> String {
    let cleaned = String(
        String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
    )
    .trimmingCharacters(in: .whitespaces)
    return cleaned.count > 500 ? String(cleaned.prefix(500)) + "…" : cleaned
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool { self == .control || self == .format }
}

/// Typed reads of loosely typed JSON, with errors that say which field of what was wrong.
struct JSONReader {
    let path: String

    func string(_ value: Any?, _ key: String) throws(SimpleFINError) -> String {
        if let string = value as? String { return string }
        if let number = value as? NSNumber, !isBoolean(value) { return number.stringValue }
        throw SimpleFINError(.malformedResponse, "SimpleFIN sent \(path) without a usable '\(key)'.")
    }

    func strings(_ value: Any?, _ key: String) throws(SimpleFINError) -> [String] {
        guard let value else { return [] }
        if let list = value as? [String] { return list }
        if let single = value as? String { return [single] }
        throw SimpleFINError(.malformedResponse, "SimpleFIN sent '\(key)' that is not a list of text.")
    }

    /// A money amount: numeric text such as `-05.50` or `+3` (or, defensively, a JSON number), as
    /// exact decimal text.
    func decimal(_ value: Any?, _ key: String) throws(SimpleFINError) -> String {
        let text: String
        if let string = value as? String {
            text = string.trimmingCharacters(in: .whitespaces)
        } else if let number = value as? NSNumber, !isBoolean(value) {
            text = number.decimalValue.description
        } else {
            throw SimpleFINError(.malformedResponse, "SimpleFIN sent \(path) without a usable '\(key)'.")
        }
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        let valid =
            (1...2).contains(parts.count) && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) }
            && !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty))
        guard valid else {
            throw SimpleFINError(.malformedResponse, "SimpleFIN sent \(path) whose '\(key)' is not a number.")
        }
        return text
    }

    /// Epoch seconds; `0` or absent means no date.
    func date(_ value: Any?, _ key: String) throws(SimpleFINError) -> Date? {
        guard let value, !(value is NSNull) else { return nil }
        let seconds: Double
        if let number = value as? NSNumber, !isBoolean(value as Any) {
            seconds = number.doubleValue
        } else if let string = value as? String, let parsed = Double(string) {
            seconds = parsed
        } else {
            throw SimpleFINError(.malformedResponse, "SimpleFIN sent \(path) whose '\(key)' is not a date.")
        }
        return seconds == 0 ? nil : Date(timeIntervalSince1970: seconds)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Whether a JSONSerialization value was a JSON `true`/`false`: on Linux the numbers 0 and 1 also cast to
/// `Bool`, so the boxed type is what tells them apart.
func isBoolean(_ value: Any) -> Bool {
    guard let number = value as? NSNumber else { return value is Bool }
    return type(of: number) != NSNumber.self
}

import Foundation

/// Builds `/accounts` answers from a scenario, the way the real bridge does (reference sections 2.6, 3, 8).
enum BridgeResponse {
    /// The parsed `/accounts` query.
    struct Query {
        var start: Int64?
        var end: Int64?
        var pending: Bool
        var accountIDs: [String]
        var balancesOnly: Bool
        var version: Int?

        /// Reads the raw query pairs; `pending` counts as present whatever its value (`pending=0` included).
        init(_ pairs: [(String, String)]) {
            func value(_ key: String) -> String? { pairs.last { $0.0 == key }?.1 }
            start = value("start-date").flatMap { Int64($0) }
            end = value("end-date").flatMap { Int64($0) }
            pending = pairs.contains { $0.0 == "pending" }
            accountIDs = pairs.filter { $0.0 == "account" }.map(\.1)
            balancesOnly = value("balances-only") == "1"
            version = value("version").flatMap { Int($0) }
        }
    }

    /// The longest window served; longer ones are cut to their most recent 90 days.
    static let maximumWindow: Int64 = 90 * 86_400

    /// The JSON object for one `/accounts` request.
    static func accountSet(
        _ scenario: BridgeScenario, user: BridgeScenario.User, query: Query, now: Int64, warning: String?
    ) -> [String: Any] {
        let version = query.version ?? scenario.defaultVersion ?? 1
        let v2 = version >= 2 || scenario.mixedShape == true
        let v1 = version < 2 || scenario.mixedShape == true
        var errors: [String] = []
        var errlist: [[String: Any]] = []
        var apiMessages: [String] = []
        if let warning {
            errors.append(warning)
            errlist.append(["code": "gen.api", "msg": warning])
        }

        // Window: start inclusive, end exclusive; no start means only recent data, as the real bridge does.
        var end = query.end ?? (now + 86_400)
        end = min(end, now + 86_400)
        var start: Int64
        if let requested = query.start {
            start = requested
        } else {
            start = now - 86_400
            apiMessages.append("Provide a 'start-date' parameter to receive transactions prior to yesterday")
        }
        if end - start > maximumWindow {
            start = end - maximumWindow
            errlist.append(["code": "gen.api", "msg": "Requested date range exceeds limit of 90 days and was capped."])
        }

        let visibleConnections = Set(user.connectionIDs ?? [])
        let connections = scenario.connections.filter {
            visibleConnections.isEmpty || visibleConnections.contains($0.id)
        }
        let connectionIDs = Set(connections.map(\.id))
        var accounts: [[String: Any]] = []
        for account in scenario.accounts where connectionIDs.contains(account.connectionID) {
            if !query.accountIDs.isEmpty, !query.accountIDs.contains(account.id) { continue }
            guard let connection = connections.first(where: { $0.id == account.connectionID }) else { continue }
            var json: [String: Any] = [
                "id": account.id, "name": account.name, "currency": account.currency, "balance": account.balance,
                "balance-date": account.balanceDate,
            ]
            if let available = account.availableBalance { json["available-balance"] = available }
            if v2 { json["conn_id"] = connection.id }
            if v1 {
                json["org"] = [
                    "domain": connection.orgDomain, "name": connection.orgName,
                    "sfin-url": connection.orgURL + "/simplefin",
                    "url": connection.orgURL, "id": connection.orgID,
                ]
            }
            let failed = account.failure ?? (connection.failure != nil ? "con" : nil)
            if let failure = account.failure {
                errors.append("Connection to \(connection.orgName) may need attention")
                errlist.append([
                    "code": failure, "msg": "Failed to get all transactions. Try again later.",
                    "account_id": account.id,
                ])
            }
            if !query.balancesOnly {
                json["transactions"] =
                    failed == nil
                    ? transactions(of: account, from: start, to: end, pending: query.pending, now: now) : []
                json["holdings"] = (account.holdings ?? []).map(holdingJSON)
            }
            accounts.append(json)
        }
        for connection in connections {
            if let failure = connection.failure {
                errors.append("Connection to \(connection.orgName) may need attention")
                errlist.append([
                    "code": failure, "msg": "Authentication failed for \(connection.name)", "conn_id": connection.id,
                ])
            }
        }

        var set: [String: Any] = ["accounts": accounts]
        if v1 { set["errors"] = errors }
        if v2 {
            set["errlist"] = errlist
            set["connections"] = connections.map {
                [
                    "conn_id": $0.id, "name": $0.name, "org_id": $0.orgID, "org_name": $0.orgName, "org_url": $0.orgURL,
                    "sfin_url": $0.orgURL + "/simplefin",
                ]
            }
        }
        if !apiMessages.isEmpty { set["x-api-message"] = apiMessages }
        return set
    }

    /// The account's transactions as of `now` in [start, end), oldest first: pending ones only when
    /// asked for, pending items that have posted under their new id, re-issued ids after the reissue.
    static func transactions(
        of account: BridgeScenario.Account, from start: Int64, to end: Int64, pending: Bool, now: Int64
    ) -> [[String: Any]] {
        var served: [(Int64, [String: Any])] = []
        for transaction in account.transactions {
            if let vanishes = transaction.vanishesAt, now >= vanishes { continue }
            var id = transaction.id
            var posted = transaction.posted
            var amount = transaction.amount
            var isPending = transaction.pending ?? false
            if isPending, let becomes = transaction.becomes, now >= becomes.posted {
                (id, posted, amount, isPending) = (becomes.id, becomes.posted, becomes.amount, false)
            }
            let effective = posted != 0 ? posted : (transaction.transactedAt ?? now)
            guard effective <= now, effective >= start, effective < end else { continue }
            if isPending, !pending { continue }
            if let reissue = account.reissueIDsAfter, now >= reissue, posted <= reissue, !isPending { id += "-R" }
            var json: [String: Any] = [
                "id": id, "posted": posted, "amount": amount, "description": transaction.description,
            ]
            if let payee = transaction.payee { json["payee"] = payee }
            if let memo = transaction.memo { json["memo"] = memo }
            if let transactedAt = transaction.transactedAt { json["transacted_at"] = transactedAt }
            if isPending { json["pending"] = true }
            served.append((effective, json))
        }
        return served.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func holdingJSON(_ holding: BridgeScenario.Holding) -> [String: Any] {
        [
            "id": holding.id, "symbol": holding.symbol, "description": holding.description, "shares": holding.shares,
            "market_value": holding.marketValue, "cost_basis": holding.costBasis, "currency": holding.currency,
            "created": holding.created,
        ]
    }
}

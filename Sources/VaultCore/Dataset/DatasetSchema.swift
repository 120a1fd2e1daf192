import Foundation

/// The tabs of a GhostVault dataset workbook and their columns: the contract `docs/dataset.md` documents.
///
/// The five tabs of the expense tracker's dataset (`spec/expense-tracker.md` 1.3) come first; the rest hold
/// what GhostVault keeps beyond it. Every tab and every column is required: a workbook that lacks one
/// "needs repair", and the message lists exactly what is missing. Columns are found by their header, so
/// their order may change and extra columns are ignored.
public enum DatasetTab: String, CaseIterable, Hashable, Sendable {
    case transactions = "Transactions"
    case receipts = "Receipts"
    case categories = "Categories"
    case recurringRules = "RecurringRules"
    case settings = "Settings"
    case accounts = "Accounts"
    case budgets = "Budgets"
    case rules = "Rules"
    case cards = "Cards"
    case balances = "Balances"
    case choices = "Choices"

    /// The header row.
    public var columns: [String] {
        switch self {
        case .transactions:
            [
                "id", "date", "accountId", "accountName", "amount", "currency", "description", "payee", "memo",
                "pending", "notes", "tags", "paymentFlag", "reimbursementFlag", "excluded", "excludedSource",
                "categoryKey", "categoryName", "categorySource", "classification", "classificationSource", "ruleId",
                "transferPartnerId", "transferKind", "recurringRuleId", "recurringDate", "recurringRole",
                "bonusCategory", "bonusForeign", "loggedWithCard", "source", "bankTransactionId", "identityNote",
                "postedAt", "transactedAt",
            ]
        case .receipts: ["id", "transactionId", "file", "fileName", "contentType", "byteSize", "createdAt"]
        case .categories: ["id", "key", "name", "kind", "parentKey", "emoji", "color", "active"]
        case .recurringRules:
            [
                "id", "accountId", "amount", "currency", "categoryKey", "description", "payee", "tags", "notes",
                "cadence", "interval", "start", "end", "enabled", "generatedThroughYear", "skippedDates",
            ]
        case .settings: ["key", "value"]
        case .accounts:
            [
                "id", "name", "nickname", "kind", "netWorthCategory", "currency", "currencyDecimals", "balance",
                "balanceDate", "hidden", "trackingOnly", "active", "sortOrder", "institution", "bankAccountId",
            ]
        case .budgets: ["id", "categoryKey", "categoryName", "target", "currency", "notes"]
        case .rules:
            [
                "id", "name", "origin", "categoryKey", "classification", "tagsToAdd", "excludeFromTotals", "join",
                "priority", "active", "inactiveReason", "conditions",
            ]
        case .cards:
            [
                "id", "name", "bank", "network", "lastFour", "currency", "currencyDecimals", "minimumSpend",
                "maximumSpend", "statementDay", "localRate", "foreignRate", "baseRate", "notes", "categoryCaps",
                "accountId", "ownsAccount", "templateId", "sortOrder",
            ]
        case .balances: ["accountId", "date", "balance", "currency"]
        case .choices: ["kind", "subject", "key", "value", "date"]
        }
    }
}

/// The keys of the Settings tab.
public enum DatasetSetting: String, CaseIterable, Hashable, Sendable {
    case datasetId, schemaVersion, householdName, timeZone, currency, currencyDecimals, weekStart, exportedAt
    case lensTargets
}

/// What the Choices tab's `kind` says a row is.
public enum DatasetChoiceKind: String, CaseIterable, Hashable, Sendable {
    /// A card remembers a bonus category for a payee: subject card id, key payee key, value bonus category.
    case cardPayee = "card-payee"
    /// A payee's 50/30/20 bucket: key payee key, value need, want or savings.
    case lensBucket = "lens-bucket"
    /// One transaction's 50/30/20 bucket: key transaction id, value need, want or savings.
    case lensTransaction = "lens-transaction"
    /// A recurring series confirmed, dismissed or deleted: key series key, value status, date decided.
    case recurringDecision = "recurring-decision"
    /// Two transactions a person unlinked as a transfer: subject and key their ids.
    case unlinkedTransfer = "unlinked-transfer"
}

/// A dataset that cannot be read, with every problem found: tabs and columns missing, or the cell that is wrong.
public struct DatasetProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The workbook lacks tabs or columns: "This dataset needs repair".
        case needsRepair
        /// A cell holds what its column cannot take.
        case badCell
        /// The file is not a dataset at all (not a zip, no workbook, too large, an unsafe path).
        case notADataset
    }

    public let kind: Kind
    /// What is missing or wrong, one line each.
    public let details: [String]

    public init(_ kind: Kind, _ details: [String]) {
        self.kind = kind
        self.details = details
    }

    public static func cell(_ tab: DatasetTab, row: Int, column: String, _ message: String) -> DatasetProblem {
        DatasetProblem(.badCell, ["\(tab.rawValue) row \(row), column \(column): \(message)"])
    }

    public var description: String {
        switch kind {
        case .needsRepair:
            "This dataset needs repair; it is missing: " + details.joined(separator: "; ")
                + ". Add them (see docs/dataset.md) or export the dataset again."
        case .badCell: details.joined(separator: "; ") + ". Correct the cell and import again; nothing was imported."
        case .notADataset: details.joined(separator: "; ")
        }
    }

    /// The tabs and columns `found` lacks (tab name to its headers), or nil when nothing is missing.
    public static func missing(in found: [String: [String]]) -> DatasetProblem? {
        var missing: [String] = []
        for tab in DatasetTab.allCases {
            guard let headers = found[tab.rawValue] else {
                missing.append("the tab \(tab.rawValue)")
                continue
            }
            let present = Set(headers.map { $0.trimmingCharacters(in: .whitespaces) })
            let absent = tab.columns.filter { !present.contains($0) }
            if !absent.isEmpty {
                missing.append(
                    "in \(tab.rawValue), the column\(absent.count == 1 ? "" : "s") " + absent.joined(separator: ", "))
            }
        }
        return missing.isEmpty ? nil : DatasetProblem(.needsRepair, missing)
    }
}

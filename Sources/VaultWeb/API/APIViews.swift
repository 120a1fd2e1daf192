import Foundation
import VaultCore
import VaultServices

// Request and response bodies of the API that are not shared with the CLI (those live in VaultServices/Views).

/// `GET /api/v1/info`: the answer to "is this a GhostVault server?".
struct InfoView: Encodable, Sendable {
    let name = "GhostVault"
    let version = GhostVaultServer.version
    let apiVersion = GhostVaultServer.apiVersion
    let auth = ["bearer"]
    let signUp = true
}

struct MeView: Encodable, Sendable {
    let id: String
    let email: String
    let householdId: String
    /// `owner` or `member`: only an owner may erase the household's data.
    let role: String
    let theme: String
    let dashboardLayout: [String]
    let onboarded: Bool

    init(_ user: User) {
        id = user.id.description
        email = user.email
        householdId = user.householdID.description
        role = user.role.rawValue
        theme = user.theme.rawValue
        dashboardLayout = DashboardCard.layout(user.dashboardLayout).map(\.rawValue)
        onboarded = user.onboardedAt != nil
    }
}

struct TokenView: Encodable, Sendable {
    let token: String
    let tokenType = "Bearer"
    let expiresAt: String
    let user: MeView

    init(_ session: UserService.StartedSession) {
        token = session.token
        expiresAt = ISO8601DateFormatter().string(from: session.expiresAt)
        user = MeView(session.user)
    }
}

struct AccountDetailView: Encodable, Sendable {
    struct BalancePoint: Encodable, Sendable {
        let date: String
        let balance: String
    }
    let account: AccountView
    let institution: String?
    let lastBalanceUpdate: String?
    let balances: [BalancePoint]
    let recentTransactions: [TransactionView]

    init(_ detail: AccountDetail) {
        account = AccountView(detail.account)
        institution = detail.institution
        lastBalanceUpdate = detail.lastUpdate.map { ISO8601DateFormatter().string(from: $0) }
        balances = detail.balances.map { BalancePoint(date: $0.date.description, balance: $0.balance.decimalString) }
        recentTransactions = detail.recent.map(TransactionView.init)
    }
}

struct RemovedView: Encodable, Sendable {
    let accounts: Int
    let transactions: Int
}

struct ReviewView: Encodable, Sendable {
    let paychecks: [TransactionView]
    let transfers: [TransactionView]
    let cardPayments: [TransactionView]
}

struct SignUpBody: Decodable, Sendable {
    let email: String
    let password: String
    let confirmation: String?
    let timeZone: String?
    let currency: String?
}

struct LogInBody: Decodable, Sendable {
    let email: String
    let password: String
}

struct MePatch: Decodable, Sendable {
    let theme: String?
    let dashboardLayout: [String]?
    let onboarded: Bool?
}

struct LayoutBody: Decodable, Sendable {
    let layout: [String]
}

struct AccountPatch: Decodable, Sendable {
    let nickname: String?
    let netWorthCategory: String?
    let hidden: Bool?
    let trackingOnly: Bool?
}

struct ConnectBody: Decodable, Sendable {
    let setupToken: String
    let label: String?
    let historyDays: Int?
}

struct BudgetBody: Decodable, Sendable {
    let target: String?
    let notes: String?
}

struct BudgetTargetView: Encodable, Sendable {
    let categoryId: String
    let target: String?
    let notes: String?

    init(_ budget: BudgetTarget) {
        categoryId = budget.categoryID.description
        target = budget.target?.decimalString
        notes = budget.notes
    }
}

struct RecurringActionBody: Decodable, Sendable {
    let series: String
    let action: String
    /// For `reclassify`: need, want or savings.
    var bucket: String?
}

struct ClassificationBody: Decodable, Sendable {
    let classification: String?
    let category: String?
    let applyToPayee: Bool?
}

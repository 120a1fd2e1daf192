import Foundation
import VaultCore
import VaultServices
import VaultStore

/// The dashboard's components, in their default order (`budget-client.md` Dashboard: the chart at the top,
/// the net worth breakdown directly below it, then the five boxes; then `ghostvault.md` 7.2's net worth and
/// net monthly income cards and `mint-home.md`'s).
enum DashboardCard: String, CaseIterable, Sendable, Codable {
    case incomeVsSpending = "income-vs-spending"
    case netWorthBreakdown = "net-worth-breakdown"
    case income
    case expenses
    case savingsRate = "savings-rate"
    case spendingByCategory = "spending-by-category"
    case budgetProgress = "budget-progress"
    case netWorth = "net-worth"
    case netIncome = "net-income"
    case leftToSpend = "left-to-spend"
    case dailyTrend = "daily-trend"
    case topCategories = "top-categories"
    case recurring
    case cards

    var title: String {
        switch self {
        case .incomeVsSpending: "Income vs Spending"
        case .netWorth: "Net Worth"
        case .netIncome: "Net Monthly Income"
        case .netWorthBreakdown: "Net Worth Breakdown"
        case .income: "Income this month"
        case .expenses: "Expenses this month"
        case .savingsRate: "Savings rate"
        case .spendingByCategory: "Spending by Category"
        case .budgetProgress: "Budget Progress"
        case .leftToSpend: "Left to Spend"
        case .dailyTrend: "Daily Spending"
        case .topCategories: "Top Categories"
        case .recurring: "Recurring Payments"
        case .cards: "Cards"
        }
    }

    /// Cards that read best across the whole width on a desktop.
    var isWide: Bool { self == .incomeVsSpending || self == .netWorthBreakdown }

    /// The cards a person shows, in their order: their saved layout with unknown ids dropped, or the default.
    static func layout(_ saved: [String]?) -> [DashboardCard] {
        guard let saved else { return allCases }
        var seen = Set<DashboardCard>()
        return saved.compactMap(DashboardCard.init(rawValue:)).filter { seen.insert($0).inserted }
    }
}

/// Everything the dashboard shows, read once per request from the household's reports.
struct DashboardData: Sendable {
    let household: Household
    let today: LocalDate
    let netWorth: NetWorth
    let netWorthChange: NetWorthChange?
    /// This month: the five boxes, daily trend and top categories are always about it.
    let current: MonthReport
    /// The month the person picked for the net income card and the chart (this month unless they chose).
    let selected: MonthReport
    /// The selected month through the 50/30/20 lens (the Income vs Spending card's lens view).
    let lens: LensReport
    let budget: BudgetReport
    let recurring: RecurringReport
    let connections: [SyncService.Overview]
    /// The miles cards' current cycles (issue 17).
    let cards: CardService.Overview

    /// The dashboard of the person's household as of `stamp`: the kept answer while the household's data
    /// and day are unchanged (a repeated request is a lookup), else read and kept.
    static func current(
        _ environment: WebEnvironment, user: User, month: String?, stamp: HouseholdStamp
    ) async throws -> DashboardData {
        try await environment.answers.dashboards.value(for: "\(user.householdID)|\(month ?? "")", stamp: stamp) {
            try await load(environment, user: user, month: month)
        }
    }

    /// Reads the reports side by side (each on its own connection from the pool), so the page waits for the
    /// slowest one rather than for their sum.
    static func load(_ environment: WebEnvironment, user: User, month: String?) async throws -> DashboardData {
        let scope = environment.household(of: user)
        let reports = scope.reports
        async let household = scope.details()
        async let worth = reports.netWorth()
        async let current = reports.month(nil)
        async let budget = reports.budget(nil)
        async let recurring = reports.recurring()
        async let connections = environment.sync(for: user).overview()
        async let cards = scope.cards.overview()
        let thisMonth = try await current
        var selected = thisMonth
        if let month, CalendarMonth(iso: month) != thisMonth.month { selected = try await reports.month(month) }
        let lens = try await reports.lens(selected.month.description)
        let home = try await household
        return DashboardData(
            household: home, today: home.today(at: environment.clock()), netWorth: try await worth.netWorth,
            netWorthChange: try await worth.change, current: thisMonth, selected: selected, lens: lens,
            budget: try await budget.report, recurring: try await recurring, connections: try await connections,
            cards: try await cards)
    }

    /// The latest sync over all connections, and the requests left today on the one with fewest left.
    var lastSync: Date? { connections.compactMap(\.connection.lastSyncAt).max() }
    var requestsLeft: Int? { connections.map(\.budget.remaining).min() }
}

/// The dashboard as JSON for native apps: the same numbers the page shows.
struct DashboardView: Encodable, Sendable {
    struct RecurringSummary: Encodable, Sendable {
        let monthlyTotal: String
        let activeCount: Int
        let nextUp: NextUp?
    }
    struct NextUp: Encodable, Sendable {
        let name: String
        let amount: String
        let dueDate: String
        let daysUntilDue: Int
    }
    struct SyncStatus: Encodable, Sendable {
        let lastSyncAt: String?
        let requestsLeftToday: Int?
        let requestsPerDay: Int
        let connections: [ConnectionView]
    }

    let today: String
    let layout: [String]
    let netWorth: NetWorthView
    let currentMonth: MonthReportView
    let selectedMonth: MonthReportView
    /// The selected month through the 50/30/20 lens.
    let lens: LensReportView
    let budget: BudgetReportView
    let recurring: RecurringSummary
    let sync: SyncStatus

    init(_ data: DashboardData, layout: [DashboardCard]) {
        today = data.today.description
        self.layout = layout.map(\.rawValue)
        netWorth = NetWorthView(data.netWorth, change: data.netWorthChange)
        currentMonth = MonthReportView(data.current)
        selectedMonth = MonthReportView(data.selected)
        lens = LensReportView(data.lens)
        budget = BudgetReportView(data.budget, uncategorized: [])
        let next = data.recurring.upcoming.first
        recurring = RecurringSummary(
            monthlyTotal: data.recurring.monthlyTotal.decimalString, activeCount: data.recurring.spending.count,
            nextUp: next.map {
                NextUp(
                    name: $0.name, amount: $0.amount.decimalString, dueDate: $0.dueDate.description,
                    daysUntilDue: $0.daysUntilDue)
            })
        sync = SyncStatus(
            lastSyncAt: data.lastSync.map { ISO8601DateFormatter().string(from: $0) },
            requestsLeftToday: data.requestsLeft, requestsPerDay: RequestBudget.dailyLimit,
            connections: data.connections.map(ConnectionView.init))
    }
}

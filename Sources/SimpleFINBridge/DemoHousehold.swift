import Foundation

/// The built-in demo household: five institutions and eighteen months of everyday money, the same
/// for every run on the same day, so a newcomer sees real-looking data without a SimpleFIN subscription.
///
/// Evergreen Bank holds checking and savings; Summit and Northwind are credit cards; Harbor Brokerage
/// holds two funds; Keystone holds the mortgage. Every calendar day's events come from a random
/// generator seeded by that day alone, so ids and amounts never change between runs. Balances are running
/// sums from a fixed opening date, so they agree with the transactions. Card purchases of the last two
/// days are pending, as at a real bank, and post two days later under new ids.
public enum DemoHousehold {
    /// The demo user's credentials and its reusable setup token.
    public static let username = "demo"
    public static let password = "demo-household-access"
    public static let claimToken = "DEMO"

    /// History served: eighteen months.
    public static let historyDays = 548
    /// Balances are summed from this day on, so they do not drift as the history window moves.
    static let openingDay = LocalDay(year: 2024, month: 1, day: 1)

    /// The scenario as of `now`.
    public static func scenario(now: Date = Date()) -> BridgeScenario {
        let today = LocalDay(now)
        var ledger = Ledger()
        var day = openingDay
        while day <= today {
            events(on: day, ledger: &ledger)
            day = day.next
        }
        let firstServed = today.adding(-historyDays)
        // Balances are as of midnight UTC, so every run on one day serves the same answer.
        let balanceDate = today.instant(hour: 0)
        func account(
            _ key: String, _ id: String, _ connection: String, _ name: String, opening: Int64
        ) -> BridgeScenario.Account {
            let entries = ledger.entries[key, default: []].filter { $0.day <= today }
            let balance = opening + entries.reduce(0) { $0 + $1.cents }
            let transactions = entries.filter { $0.day >= firstServed }.map { entry -> BridgeScenario.Transaction in
                // Card purchases of the last two days are still pending; they post two days after the purchase.
                let pending =
                    entry.day >= today.adding(-1) && entry.cents < 0 && (key == "summit" || key == "northwind")
                let posted = entry.day.adding(pending ? 2 : 0).instant(hour: 12)
                var transaction = BridgeScenario.Transaction(
                    id: (pending ? "P-" : "T-") + entry.id, posted: pending ? 0 : posted, amount: cents(entry.cents),
                    description: entry.description, payee: entry.payee, memo: entry.description.uppercased(),
                    transactedAt: entry.day.instant(hour: 1), pending: pending)
                if pending {
                    transaction.becomes = .init(id: "T-" + entry.id, posted: posted, amount: cents(entry.cents))
                }
                return transaction
            }
            return BridgeScenario.Account(
                id: id, connectionID: connection, name: name, currency: "USD", balance: cents(balance),
                balanceDate: balanceDate, transactions: transactions)
        }
        var brokerage = account("brokerage", "HB-7781", "CON-HARBOR", "Harbor Brokerage Individual", opening: 0)
        let units = ledger.entries["brokerage", default: []].reduce(0) { $0 + $1.cents }
        let vti = 62_000_00 + units * 6 / 10
        let vxus = 31_000_00 + units * 4 / 10
        brokerage.balance = cents(vti + vxus)
        brokerage.holdings = [
            .init(
                id: "HOLD-VTI", symbol: "VTI", description: "Vanguard Total Stock Market ETF", shares: "241.35",
                marketValue: cents(vti), costBasis: "48210.00", currency: "USD", created: 1_704_067_200),
            .init(
                id: "HOLD-VXUS", symbol: "VXUS", description: "Vanguard Total International Stock ETF",
                shares: "498.10",
                marketValue: cents(vxus), costBasis: "29350.00", currency: "USD", created: 1_704_067_200),
        ]
        var demo = BridgeScenario.User(
            username: username, password: password, claimTokens: [], reusableTokens: [claimToken])
        demo.status = .active
        return BridgeScenario(
            users: [demo],
            connections: [
                connection("CON-EVERGREEN", "Evergreen Bank - Alex", "evergreen", "Evergreen Bank"),
                connection("CON-SUMMIT", "Summit Card - Alex", "summit", "Summit Card Services"),
                connection("CON-NORTHWIND", "Northwind Rewards - Alex", "northwind", "Northwind Rewards"),
                connection("CON-HARBOR", "Harbor Brokerage - Alex", "harbor", "Harbor Brokerage"),
                connection("CON-KEYSTONE", "Keystone Home Loans - Alex", "keystone", "Keystone Home Loans"),
            ],
            accounts: [
                account("checking", "EVG-CHK-4829", "CON-EVERGREEN", "Everyday Checking ...4829", opening: 4_200_00),
                account("savings", "EVG-SAV-1177", "CON-EVERGREEN", "High Yield Savings ...1177", opening: 12_500_00),
                account("summit", "SUM-3391", "CON-SUMMIT", "Summit Cash Rewards Card ...3391", opening: 0),
                account("northwind", "NW-8042", "CON-NORTHWIND", "Northwind Travel Card ...8042", opening: 0),
                brokerage,
                account("mortgage", "KHL-55120", "CON-KEYSTONE", "Home Mortgage ...5120", opening: -318_400_00),
            ])
    }

    static func connection(_ id: String, _ name: String, _ key: String, _ org: String) -> BridgeScenario.Connection {
        BridgeScenario.Connection(
            id: id, name: name, orgID: "ORG-" + key.uppercased(), orgName: org, orgDomain: "\(key).example",
            orgURL: "https://\(key).example")
    }

    /// One day's events: payroll, bills, shopping, card payments, transfers.
    static func events(on day: LocalDay, ledger: inout Ledger) {
        var random = SplitMix64(seed: UInt64(bitPattern: Int64(day.number)) &* 0x9E37_79B9_7F4A_7C15 &+ 17)
        let weekday = day.weekday  // 1 = Monday
        // Biweekly payroll on Fridays.
        if weekday == 5, (day.number / 7) % 2 == 0 {
            ledger.add("checking", day, 2_650_00, "ACME CORP PAYROLL DIRECT DEP", payee: "Acme Corp")
        }
        switch day.day {
        case 1:
            ledger.add("checking", day, -2_145_00, "KEYSTONE HOME LOANS MORTGAGE PMT", payee: "Keystone Home Loans")
            ledger.add(
                "mortgage", day, 1_318_40 + Int64(day.monthIndex) * 3_10, "PAYMENT RECEIVED - PRINCIPAL",
                payee: "Keystone Home Loans")
        case 2:
            ledger.add("checking", day, -500_00, "ONLINE TRANSFER TO SAVINGS ...1177", payee: nil)
            ledger.add("savings", day, 500_00, "ONLINE TRANSFER FROM CHECKING ...4829", payee: nil)
        case 3: ledger.add("northwind", day, -11_99, "SPOTIFY USA", payee: "Spotify")
        case 5: ledger.add("summit", day, -39_99, "PLANET FITNESS CLUB FEES", payee: "Planet Fitness")
        case 10: ledger.add("checking", day, -400_00, "HARBOR BROKERAGE CONTRIBUTION", payee: "Harbor Brokerage")
        case 11: ledger.add("brokerage", day, 400_00, "CONTRIBUTION RECEIVED", payee: nil)
        case 12: ledger.add("checking", day, -79_99, "COMCAST XFINITY INTERNET", payee: "Comcast")
        case 15: ledger.add("northwind", day, -15_49, "NETFLIX.COM", payee: "Netflix")
        case 20:
            ledger.add(
                "checking", day, -Int64(random.next(in: 90...165)) * 100 - 37, "PG&E ELECTRIC UTILITY BILL",
                payee: "PG&E")
        case 22: ledger.add("checking", day, -85_00, "VERIZON WIRELESS", payee: "Verizon")
        case 25: ledger.payCard("summit", day, name: "SUMMIT CARD")
        case 28: ledger.payCard("northwind", day, name: "NORTHWIND REWARDS")
        case 27: ledger.add("savings", day, Int64(random.next(in: 18...24)) * 100 + 41, "INTEREST PAID", payee: nil)
        default: break
        }
        if day.month == 3, day.day == 14 {
            ledger.add("northwind", day, -139_00, "AMAZON PRIME MEMBERSHIP", payee: "Amazon")
        }
        // Groceries on Saturdays, on the Summit card.
        if weekday == 6 {
            let store = ["SAFEWAY #1234", "TRADER JOE'S #552", "WHOLE FOODS MARKET"][random.next(in: 0...2)]
            ledger.add("summit", day, -Int64(random.next(in: 6_500...18_500)), store, payee: nil)
        }
        // Eating out two or three times a week.
        if random.next(in: 0...6) < 3 {
            let place = [
                "STARBUCKS STORE 0042", "CHIPOTLE 1883", "UBER EATS ORDER", "DOORDASH*THAI GARDEN",
                "BLUE BOTTLE COFFEE",
            ][
                random.next(in: 0...4)]
            ledger.add(
                random.next(in: 0...1) == 0 ? "summit" : "northwind", day, -Int64(random.next(in: 450...4_800)), place,
                payee: nil)
        }
        // Fuel every nine days or so.
        if day.number % 9 == 0 {
            ledger.add(
                "summit", day, -Int64(random.next(in: 3_800...6_900)),
                ["SHELL OIL 57442", "CHEVRON 0091"][random.next(in: 0...1)], payee: nil)
        }
        // Online shopping now and then, with an occasional refund.
        if random.next(in: 0...9) == 0 {
            let amount = Int64(random.next(in: 1_200...9_900))
            ledger.add("northwind", day, -amount, "AMAZON.COM*ORDER", payee: "Amazon")
            if random.next(in: 0...3) == 0 {
                ledger.add("northwind", day.adding(4), amount, "AMAZON.COM REFUND", payee: "Amazon")
            }
        }
    }

    static func cents(_ value: Int64) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        return sign + String(magnitude / 100) + "." + String(format: "%02d", magnitude % 100)
    }

    /// The generated entries per account.
    struct Ledger {
        struct Entry {
            let id: String
            let day: LocalDay
            let cents: Int64
            let description: String
            let payee: String?
        }

        var entries: [String: [Entry]] = [:]
        /// What each card has been charged since its last payment.
        var owed: [String: Int64] = [:]

        mutating func add(_ account: String, _ day: LocalDay, _ cents: Int64, _ description: String, payee: String?) {
            var list = entries[account, default: []]
            let id = "\(account.prefix(3).uppercased())-\(day.compact)-\(list.filter { $0.day == day }.count + 1)"
            list.append(Entry(id: id, day: day, cents: cents, description: description, payee: payee))
            entries[account] = list
            if account == "summit" || account == "northwind" { owed[account, default: 0] -= cents }
        }

        /// Pays the card's balance from checking: a transfer seen from both sides.
        mutating func payCard(_ card: String, _ day: LocalDay, name: String) {
            let amount = owed[card, default: 0]
            guard amount > 0 else { return }
            add("checking", day, -amount, "\(name) PAYMENT", payee: nil)
            add(card, day, amount, "PAYMENT THANK YOU", payee: nil)
            owed[card] = 0
        }
    }
}

/// A UTC calendar day, enough for generating demo data (the bridge speaks instants, not the domain).
struct LocalDay: Comparable, Hashable {
    let number: Int

    init(number: Int) { self.number = number }

    init(year: Int, month: Int, day: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        number = Int(date.timeIntervalSince1970 / 86_400)
    }

    init(_ instant: Date) { number = Int((instant.timeIntervalSince1970 / 86_400).rounded(.down)) }

    private var components: DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.dateComponents(
            [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(number) * 86_400))
    }

    var day: Int { components.day! }
    var month: Int { components.month! }
    var monthIndex: Int { (components.year! - 2024) * 12 + month }
    /// 1 = Monday ... 7 = Sunday.
    var weekday: Int { (components.weekday! + 5) % 7 + 1 }
    var compact: Int { components.year! * 10_000 + month * 100 + day }
    var next: LocalDay { LocalDay(number: number + 1) }
    func adding(_ days: Int) -> LocalDay { LocalDay(number: number + days) }
    func instant(hour: Int) -> Int64 { Int64(number) * 86_400 + Int64(hour) * 3_600 }
    static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.number < rhs.number }
}

/// A small, fast, seedable random generator (SplitMix64), so demo data is the same on every machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in the closed range.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

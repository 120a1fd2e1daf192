import Foundation
import VaultCore
import VaultStore

/// Adding, changing, hiding, listing and deleting a household's accounts.
public struct AccountService: Sendable {
    let scope: HouseholdScope

    /// An account with the name of its institution, for lists.
    public struct Listed: Sendable {
        public let account: Account
        public let institution: Institution?
        /// How many transactions the account holds; nil when the list was asked for without counting.
        public let transactionCount: Int?
    }

    /// What a person gives to add a manual account; text fields are validated together.
    public struct Input: Sendable {
        public var name: String
        public var kind: String
        /// An ISO 4217 code; nil for the household's currency.
        public var currency: String?
        /// The current balance; nil for zero. Negative on a liability means owed.
        public var balance: String?
        public var institution: String?
        public var nickname: String?
        public var netWorthCategory: String?
        public var isHidden = false
        public var isTrackingOnly = false

        public init(
            name: String, kind: String, currency: String? = nil, balance: String? = nil, institution: String? = nil,
            nickname: String? = nil, netWorthCategory: String? = nil, isHidden: Bool = false,
            isTrackingOnly: Bool = false
        ) {
            self.name = name
            self.kind = kind
            self.currency = currency
            self.balance = balance
            self.institution = institution
            self.nickname = nickname
            self.netWorthCategory = netWorthCategory
            self.isHidden = isHidden
            self.isTrackingOnly = isTrackingOnly
        }
    }

    /// Changes to an account; nil leaves a field as it is, an empty nickname removes it.
    public struct Changes: Sendable {
        public var name: String?
        public var nickname: String?
        public var kind: String?
        public var netWorthCategory: String?
        public var balance: String?
        public var isHidden: Bool?
        public var isTrackingOnly: Bool?
        public var isActive: Bool?
        public var sortOrder: Int?

        public init(
            name: String? = nil, nickname: String? = nil, kind: String? = nil, netWorthCategory: String? = nil,
            balance: String? = nil, isHidden: Bool? = nil, isTrackingOnly: Bool? = nil, isActive: Bool? = nil,
            sortOrder: Int? = nil
        ) {
            self.name = name
            self.nickname = nickname
            self.kind = kind
            self.netWorthCategory = netWorthCategory
            self.balance = balance
            self.isHidden = isHidden
            self.isTrackingOnly = isTrackingOnly
            self.isActive = isActive
            self.sortOrder = sortOrder
        }
    }

    /// Every account in display order, hidden ones only when asked for; `counting` adds each account's number
    /// of transactions (a count over each account's rows: pages that do not show it skip it).
    public func list(includeHidden: Bool = false, counting: Bool = true) async throws -> [Listed] {
        try await scope.read { session in
            let institutions = Dictionary(
                uniqueKeysWithValues: try await session.institutions.all().map { ($0.id, $0) })
            var listed: [Listed] = []
            let today = try await session.household().today(at: session.now)
            for account in try await session.accounts.asOf(today) where includeHidden || !account.isHidden {
                listed.append(
                    Listed(
                        account: account, institution: account.institutionID.flatMap { institutions[$0] },
                        transactionCount: counting ? try await session.accounts.transactionCount(account.id) : nil))
            }
            return listed
        }
    }

    /// Finds an account by id, name or nickname.
    public func find(_ reference: String) async throws -> Account {
        try await scope.read { session in
            let today = try await session.household().today(at: session.now)
            return try Self.resolve(reference, in: try await session.accounts.asOf(today))
        }
    }

    /// Adds a manual account, or refuses the input whole.
    public func add(_ input: Input) async throws -> Account {
        try await scope.write { session in
            let household = try await session.household()
            let existing = try await session.accounts.all()
            var problems: [Problem] = []
            let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
            problems += Self.nameProblems(name, field: "name")
            let kind = AccountKind(name: input.kind)
            if kind == nil { problems.append(Self.kindProblem(input.kind)) }
            var currency = household.baseCurrency
            if let code = input.currency {
                if let parsed = Currency(isoCode: code) {
                    currency = parsed
                } else {
                    problems.append(
                        Problem(
                            field: "currency",
                            message: "'\(code)' is not a currency code; use three letters such as USD."))
                }
            }
            var balance = Money.zero(currency)
            if let text = input.balance {
                do { balance = try Money(parsing: text, currency: currency) } catch {
                    problems.append(Problem(field: "balance", message: "\(error)"))
                }
            }
            var category = kind?.defaultNetWorthCategory
            if let text = input.netWorthCategory {
                if let parsed = NetWorthCategory(name: text) {
                    category = parsed
                } else {
                    problems.append(Self.categoryProblem(text))
                }
            }
            let nickname = input.nickname?.trimmingCharacters(in: .whitespaces)
            if let nickname, !nickname.isEmpty { problems += Self.nameProblems(nickname, field: "nickname") }
            problems += Self.collisionProblems(names: [name, nickname ?? ""], except: nil, among: existing)
            if let institution = input.institution, institution.unicodeScalars.count > 200 {
                problems.append(
                    Problem(field: "institution", message: "The institution must be at most 200 characters."))
            }
            guard problems.isEmpty, let kind else { throw InvalidInput(problems) }

            var institutionID: Institution.ID?
            if let name = input.institution?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
                if let institution = try await session.institutions.find(named: name) {
                    institutionID = institution.id
                } else {
                    let institution = Institution(id: scope.vault.newID(), householdID: household.id, name: name)
                    try await session.institutions.insert(institution)
                    institutionID = institution.id
                }
            }
            let account = Account(
                id: scope.vault.newID(), householdID: household.id, institutionID: institutionID, name: name,
                nickname: nickname?.isEmpty == false ? nickname : nil, kind: kind, netWorthCategory: category,
                currency: currency, balance: balance, balanceDate: household.today(at: session.now),
                isHidden: input.isHidden, isTrackingOnly: input.isTrackingOnly,
                sortOrder: min((existing.map(\.sortOrder).max() ?? -1) + 1, Self.sortOrders.upperBound))
            try await session.accounts.insert(account)
            return account
        }
    }

    /// Applies changes to an account; returns it and the names of the fields that changed.
    public func edit(_ reference: String, _ changes: Changes) async throws -> (account: Account, changed: [String]) {
        try await scope.write { session in
            let household = try await session.household()
            let all = try await session.accounts.all()
            var account = try Self.resolve(reference, in: all)
            var problems: [Problem] = []
            if let name = changes.name?.trimmingCharacters(in: .whitespacesAndNewlines) {
                problems += Self.nameProblems(name, field: "name")
                account.name = name
            }
            if let nickname = changes.nickname?.trimmingCharacters(in: .whitespaces) {
                if !nickname.isEmpty { problems += Self.nameProblems(nickname, field: "nickname") }
                account.nickname = nickname.isEmpty ? nil : nickname
            }
            if let text = changes.kind {
                if let kind = AccountKind(name: text) {
                    // A kind change moves the account to the new kind's group unless a person had chosen another.
                    if account.netWorthCategory == account.kind.defaultNetWorthCategory {
                        account.netWorthCategory = kind.defaultNetWorthCategory
                    }
                    account.kind = kind
                } else {
                    problems.append(Self.kindProblem(text))
                }
            }
            if let text = changes.netWorthCategory {
                if let category = NetWorthCategory(name: text) {
                    account.netWorthCategory = category
                } else {
                    problems.append(Self.categoryProblem(text))
                }
            }
            var shownBalance: Money?
            if let text = changes.balance {
                if !account.isManual {
                    problems.append(
                        Problem(
                            field: "balance",
                            message: "'\(account.displayName)' is kept up to date by bank sync; "
                                + "its balance cannot be set by hand."))
                } else {
                    // The balance typed is today's; the stored one also holds the entries scheduled after today
                    // (`AccountRepository.asOf`), so what is shown next is what was typed.
                    let today = household.today(at: session.now)
                    let scheduled = try await session.accounts.scheduledSums(after: today)[account.id.description] ?? 0
                    do {
                        let typed = try Money(parsing: text, currency: account.currency)
                        account.balance = try typed.adding(Money(minorUnits: scheduled, currency: account.currency))
                        account.balanceDate = today
                        shownBalance = typed
                    } catch { problems.append(Problem(field: "balance", message: "\(error)")) }
                }
            }
            if let hidden = changes.isHidden { account.isHidden = hidden }
            if let trackingOnly = changes.isTrackingOnly { account.isTrackingOnly = trackingOnly }
            if let active = changes.isActive { account.isActive = active }
            if let order = changes.sortOrder {
                if Self.sortOrders.contains(order) {
                    account.sortOrder = order
                } else {
                    problems.append(
                        Problem(
                            field: "sort-order", message: "The sort order must be 0 to \(Self.sortOrders.upperBound)."))
                }
            }
            problems += Self.collisionProblems(
                names: [account.name, account.nickname ?? ""], except: account.id, among: all)
            guard problems.isEmpty else { throw InvalidInput(problems) }
            let changed = try await session.accounts.update(account)
            if let shownBalance { account.balance = shownBalance }
            return (account, changed)
        }
    }

    /// Deletes a manual account and its transactions. With transactions present, it asks for
    /// `confirmed` first and says how many would go. Returns how many transactions were deleted.
    public func delete(_ reference: String, confirmed: Bool) async throws -> Int {
        try await scope.write { session in
            let account = try Self.resolve(reference, in: try await session.accounts.all())
            guard account.isManual else {
                throw VaultError(
                    .conflict,
                    "'\(account.displayName)' comes from bank sync; remove its connection instead, "
                        + "or hide the account to keep its history out of sight.")
            }
            let count = try await session.accounts.transactionCount(account.id)
            let card = try await session.milesCards.all().first { $0.linkedAccountID == account.id }
            if count > 0 || card != nil, !confirmed {
                let cardNote = card.map { " and the miles card \($0.title) that counts it" } ?? ""
                throw VaultError(
                    .confirmationRequired,
                    "Deleting '\(account.displayName)' also deletes its \(count) "
                        + "transaction\(count == 1 ? "" : "s")\(cardNote). Confirm to go ahead, or hide the account "
                        + "instead.")
            }
            _ = try await session.accounts.delete(account.id)
            return count
        }
    }

    static func resolve(_ reference: String, in accounts: [Account]) throws -> Account {
        switch Reference.account(reference, in: accounts) {
        case .success(let account): return account
        case .failure(let problem): throw VaultError(.notFound, problem.message)
        }
    }

    /// Names are limited in Unicode scalars, the unit both databases' `length()` counts.
    static func nameProblems(_ name: String, field: String) -> [Problem] {
        if name.isEmpty || name.unicodeScalars.count > 200 {
            return [Problem(field: field, message: "The \(field) must be 1 to 200 characters.")]
        }
        return PlainText.problem(name, field: field, label: "The \(field)").map { [$0] } ?? []
    }

    /// Accounts are found by name or nickname, so no two accounts may share one, ignoring case.
    static func collisionProblems(names: [String], except id: Account.ID?, among accounts: [Account]) -> [Problem] {
        let wanted = Set(names.filter { !$0.isEmpty }.map { $0.lowercased() })
        return accounts.filter { $0.id != id }.compactMap { other in
            let taken = Set([other.name, other.nickname ?? ""].filter { !$0.isEmpty }.map { $0.lowercased() })
            guard let clash = wanted.intersection(taken).first else { return nil }
            return Problem(
                field: "name",
                message: "'\(clash)' already names the account '\(other.displayName)'; choose another name.")
        }
    }

    /// The sort orders a person may set; new accounts go after the last.
    static let sortOrders = 0...1_000_000

    static func kindProblem(_ text: String) -> Problem {
        Problem(
            field: "kind",
            message: "'\(text)' is not an account kind; use one of "
                + AccountKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")
    }

    static func categoryProblem(_ text: String) -> Problem {
        Problem(
            field: "net-worth-category",
            message: "'\(text)' is not a net worth category; use one of "
                + NetWorthCategory.allCases.map(\.rawValue).joined(separator: ", ") + ".")
    }
}

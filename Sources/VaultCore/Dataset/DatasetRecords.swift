import Foundation

/// An account as the Accounts tab holds it: the account, and the name of its institution.
public struct DatasetAccount: Hashable, Sendable {
    public var account: Account
    public var institution: String?

    public init(account: Account, institution: String?) {
        self.account = account
        self.institution = institution
    }

    public var cells: [SheetCell] {
        [
            DatasetCell.id(account.id), .text(account.name), DatasetCell.text(account.nickname),
            .text(account.kind.rawValue), .text(account.netWorthCategory.rawValue), .text(account.currency.code),
            DatasetCell.int(account.currency.exponent), DatasetCell.money(account.balance),
            DatasetCell.date(account.balanceDate), .bool(account.isHidden), .bool(account.isTrackingOnly),
            .bool(account.isActive), DatasetCell.int(account.sortOrder), DatasetCell.text(institution),
            DatasetCell.text(account.bankAccountID),
        ]
    }

    public init(_ row: DatasetRow, household: Household.ID) throws(DatasetProblem) {
        let code = try row.required("currency").trimmingCharacters(in: .whitespaces)
        let decimals = try row.int("currencyDecimals")
        guard (0...Currency.maximumExponent).contains(decimals) else {
            throw row.fail("currencyDecimals", "a currency has 0 to \(Currency.maximumExponent) decimals")
        }
        let currency = Currency(code: code, exponent: decimals)
        let name = try row.required("name")
        guard name.count <= 200 else { throw row.fail("name", "an account name has at most 200 characters") }
        account = Account(
            id: try row.id("id"), householdID: household, name: name, nickname: row.text("nickname"),
            kind: try row.value("kind"), netWorthCategory: try row.value("netWorthCategory"), currency: currency,
            balance: try row.money("balance", currency), balanceDate: try row.optionalDate("balanceDate"),
            isHidden: try row.bool("hidden"), isTrackingOnly: try row.bool("trackingOnly"),
            isActive: try row.bool("active"), sortOrder: try row.int("sortOrder"),
            bankAccountID: row.text("bankAccountId"))
        institution = row.text("institution")
    }
}

/// A category with its parent named by key.
public struct DatasetCategory: Hashable, Sendable {
    public var category: Category
    public var parentKey: String?

    public init(category: Category, parentKey: String?) {
        self.category = category
        self.parentKey = parentKey
    }

    public var cells: [SheetCell] {
        [
            DatasetCell.id(category.id), .text(category.key), .text(category.name), .text(category.kind.rawValue),
            DatasetCell.text(parentKey), DatasetCell.text(category.emoji), DatasetCell.text(category.color),
            .bool(category.isActive),
        ]
    }

    public init(_ row: DatasetRow, household: Household.ID) throws(DatasetProblem) {
        let name = try row.required("name")
        guard name.count <= 60 else { throw row.fail("name", "a category name has at most 60 characters") }
        let color = row.text("color")
        if let color, color.count != 7 || !color.hasPrefix("#") {
            throw row.fail("color", "a colour is written #RRGGBB")
        }
        category = Category(
            id: try row.id("id"), householdID: household, name: name,
            key: try row.required("key").trimmingCharacters(in: .whitespaces), kind: try row.value("kind"),
            emoji: row.text("emoji"), color: color, isActive: try row.bool("active"))
        parentKey = row.text("parentKey")?.trimmingCharacters(in: .whitespaces)
    }
}

/// A transaction with what other tables say of it: its category by key, its transfer partner, the recurring
/// rule that made it, and the bonus category a card counts it under.
public struct DatasetTransaction: Hashable, Sendable {
    public struct Transfer: Hashable, Sendable {
        public var partner: Transaction.ID
        public var isManual: Bool

        public init(partner: Transaction.ID, isManual: Bool) {
            self.partner = partner
            self.isManual = isManual
        }
    }

    public struct Recurring: Hashable, Sendable {
        public var rule: RecurringRule.ID
        public var scheduledDate: LocalDate
        /// `template`, `generated` or `edited`.
        public var role: String

        public init(rule: RecurringRule.ID, scheduledDate: LocalDate, role: String) {
            self.rule = rule
            self.scheduledDate = scheduledDate
            self.role = role
        }
    }

    public struct Bonus: Hashable, Sendable {
        /// Nil for an entry logged with a card without a category chosen.
        public var category: BonusCategory?
        public var isForeign: Bool?
        public var loggedWithCard: Bool

        public init(category: BonusCategory?, isForeign: Bool?, loggedWithCard: Bool) {
            self.category = category
            self.isForeign = isForeign
            self.loggedWithCard = loggedWithCard
        }
    }

    public var transaction: Transaction
    public var accountName: String
    public var categoryKey: String?
    public var categoryName: String?
    public var transfer: Transfer?
    public var recurring: Recurring?
    public var bonus: Bonus?

    public init(
        transaction: Transaction, accountName: String, categoryKey: String?, categoryName: String?,
        transfer: Transfer?, recurring: Recurring?, bonus: Bonus?
    ) {
        self.transaction = transaction
        self.accountName = accountName
        self.categoryKey = categoryKey
        self.categoryName = categoryName
        self.transfer = transfer
        self.recurring = recurring
        self.bonus = bonus
    }

    public var cells: [SheetCell] {
        let t = transaction
        return [
            DatasetCell.id(t.id), DatasetCell.date(t.date), DatasetCell.id(t.accountID), .text(accountName),
            DatasetCell.money(t.amount), .text(t.amount.currency.code), .text(t.description), DatasetCell.text(t.payee),
            DatasetCell.text(t.memo), .bool(t.isPending), DatasetCell.text(t.notes), DatasetCell.list(t.tags),
            DatasetCell.text(t.paymentFlag?.rawValue), DatasetCell.text(t.reimbursementFlag?.rawValue),
            .bool(t.isExcluded), .text(t.excludedSource.rawValue), DatasetCell.text(categoryKey),
            DatasetCell.text(categoryName), .text(t.categorySource.rawValue), .text(t.classification.rawValue),
            .text(t.classificationSource.rawValue), DatasetCell.id(t.ruleID), DatasetCell.id(transfer?.partner),
            DatasetCell.text(transfer.map { $0.isManual ? "manual" : "auto" }), DatasetCell.id(recurring?.rule),
            DatasetCell.date(recurring?.scheduledDate), DatasetCell.text(recurring?.role),
            DatasetCell.text(bonus?.category?.rawValue), bonus?.isForeign.map(SheetCell.bool) ?? .empty,
            bonus.map { .bool($0.loggedWithCard) } ?? .empty, .text(t.source.rawValue),
            DatasetCell.text(t.bankTransactionID), DatasetCell.text(t.identityNote), DatasetCell.instant(t.postedAt),
            DatasetCell.instant(t.transactedAt),
        ]
    }

    /// Reads a row; `currency` gives the currency of each account id (the account's, never the row's alone).
    public init(
        _ row: DatasetRow, household: Household.ID, currency: (Account.ID) -> Currency?
    ) throws(DatasetProblem) {
        let accountID: Account.ID = try row.id("accountId")
        guard let accountCurrency = currency(accountID) else {
            throw row.fail("accountId", "no account \(accountID) is in the Accounts tab or this household")
        }
        let code = row.text("currency")?.trimmingCharacters(in: .whitespaces)
        guard code == nil || code == accountCurrency.code else {
            throw row.fail("currency", "the account's currency is \(accountCurrency.code)")
        }
        let description = try row.required("description")
        guard description.count <= 2000 else { throw row.fail("description", "at most 2,000 characters") }
        var tags: [String] = []
        for tag in row.list("tags").map({ $0.lowercased() }) where !tags.contains(tag) {
            guard tag.count <= 100 else { throw row.fail("tags", "a tag has at most 100 characters") }
            tags.append(tag)
        }
        var transaction = Transaction(
            id: try row.id("id"), householdID: household, accountID: accountID, date: try row.date("date"),
            postedAt: try row.instant("postedAt"), transactedAt: try row.instant("transactedAt"),
            amount: try row.money("amount", accountCurrency), description: description, payee: row.text("payee"),
            memo: row.text("memo"), isPending: try row.bool("pending"), notes: row.text("notes"), tags: tags,
            paymentFlag: try row.optionalValue("paymentFlag"),
            reimbursementFlag: try row.optionalValue("reimbursementFlag"),
            isExcluded: try row.bool("excluded"), excludedSource: try row.value("excludedSource"),
            categorySource: try row.value("categorySource"), classification: try row.value("classification"),
            classificationSource: try row.value("classificationSource"), source: try row.value("source"),
            bankTransactionID: row.text("bankTransactionId"), identityNote: row.text("identityNote"))
        transaction.ruleID = try row.optionalID("ruleId")
        self.transaction = transaction
        accountName = row.text("accountName") ?? ""
        categoryKey = row.text("categoryKey")?.trimmingCharacters(in: .whitespaces)
        categoryName = row.text("categoryName")
        if let partner: Transaction.ID = try row.optionalID("transferPartnerId") {
            let kind = row.text("transferKind")?.trimmingCharacters(in: .whitespaces) ?? "auto"
            guard kind == "auto" || kind == "manual" else { throw row.fail("transferKind", "write auto or manual") }
            guard partner != transaction.id else {
                throw row.fail("transferPartnerId", "a row cannot pair with itself")
            }
            transfer = Transfer(partner: partner, isManual: kind == "manual")
        } else {
            transfer = nil
        }
        if let rule: RecurringRule.ID = try row.optionalID("recurringRuleId") {
            let role = row.text("recurringRole")?.trimmingCharacters(in: .whitespaces) ?? "generated"
            guard ["template", "generated", "edited"].contains(role) else {
                throw row.fail("recurringRole", "write template, generated or edited")
            }
            recurring = Recurring(
                rule: rule, scheduledDate: try row.optionalDate("recurringDate") ?? transaction.date, role: role)
        } else {
            recurring = nil
        }
        let bonusCategory: BonusCategory? = try row.optionalValue("bonusCategory")
        let foreign = row.text("bonusForeign")?.trimmingCharacters(in: .whitespaces).isEmpty == false
        let logged = try row.bool("loggedWithCard")
        // A card entry logged without a category keeps its row (and its mark) with no category.
        if bonusCategory != nil || foreign || logged {
            bonus = Bonus(
                category: bonusCategory, isForeign: foreign ? try row.bool("bonusForeign") : nil,
                loggedWithCard: logged)
        } else {
            bonus = nil
        }
    }
}

/// A receipt and the file in the dataset's `Receipts/` folder that holds it.
public struct DatasetReceipt: Hashable, Sendable {
    public var receipt: Receipt
    /// The file's name inside `Receipts/`.
    public var file: String

    public init(receipt: Receipt, file: String) {
        self.receipt = receipt
        self.file = file
    }

    /// The name a receipt is stored under: its id, then its own name made safe for any file system.
    public static func fileName(for receipt: Receipt) -> String {
        let safe = String(
            receipt.fileName.unicodeScalars.map { scalar -> Character in
                CharacterSet.alphanumerics.contains(scalar) || ".-_ ".unicodeScalars.contains(scalar)
                    ? Character(scalar) : "_"
            }
        ).trimmingCharacters(in: CharacterSet(charactersIn: ". "))
        return receipt.id.description + "-" + String((safe.isEmpty ? "receipt" : safe).suffix(120))
    }

    public var cells: [SheetCell] {
        [
            DatasetCell.id(receipt.id), DatasetCell.id(receipt.transactionID), .text(file), .text(receipt.fileName),
            .text(receipt.type.rawValue), DatasetCell.int(receipt.byteSize), DatasetCell.instant(receipt.createdAt),
        ]
    }

    public init(_ row: DatasetRow, household: Household.ID) throws(DatasetProblem) {
        let file = try row.required("file")
        guard !file.contains("/"), !file.contains("\\"), file != "..", file != "." else {
            throw row.fail("file", "a receipt's file is a name inside Receipts/, without folders")
        }
        let byteSize = try row.int("byteSize")
        guard byteSize >= 1 else { throw row.fail("byteSize", "a receipt has at least one byte") }
        let fileName = try row.required("fileName")
        guard fileName.count <= 255 else { throw row.fail("fileName", "at most 255 characters") }
        receipt = Receipt(
            id: try row.id("id"), householdID: household, transactionID: try row.id("transactionId"),
            fileName: fileName, type: try row.value("contentType"), byteSize: byteSize,
            createdAt: try row.instant("createdAt") ?? Date(timeIntervalSince1970: 0))
        self.file = file
    }
}

/// A recurring rule, its category by key, and the dates it left empty because a person deleted their entries.
public struct DatasetRecurringRule: Hashable, Sendable {
    public var rule: RecurringRule
    public var categoryKey: String?
    public var skippedDates: [LocalDate]

    public init(rule: RecurringRule, categoryKey: String?, skippedDates: [LocalDate]) {
        self.rule = rule
        self.categoryKey = categoryKey
        self.skippedDates = skippedDates
    }

    public var cells: [SheetCell] {
        [
            DatasetCell.id(rule.id), DatasetCell.id(rule.accountID), DatasetCell.money(rule.amount),
            .text(rule.amount.currency.code), DatasetCell.text(categoryKey), .text(rule.description),
            DatasetCell.text(rule.payee), DatasetCell.list(rule.tags), DatasetCell.text(rule.notes),
            .text(rule.cadence.rawValue), DatasetCell.int(rule.interval), DatasetCell.date(rule.start),
            DatasetCell.date(rule.end), .bool(rule.isEnabled), DatasetCell.int(rule.generatedThroughYear),
            DatasetCell.list(skippedDates.map(\.description)),
        ]
    }

    public init(
        _ row: DatasetRow, household: Household.ID, currency: (Account.ID) -> Currency?
    ) throws(DatasetProblem) {
        let accountID: Account.ID = try row.id("accountId")
        guard let accountCurrency = currency(accountID) else {
            throw row.fail("accountId", "no account \(accountID) is in the Accounts tab or this household")
        }
        let interval = try row.int("interval")
        guard (1...999).contains(interval) else { throw row.fail("interval", "write 1 to 999") }
        let start = try row.date("start")
        let end = try row.optionalDate("end")
        if let end, end < start { throw row.fail("end", "the end comes before the start") }
        let amount = try row.money("amount", accountCurrency)
        guard !amount.isZero else { throw row.fail("amount", "a recurring amount is not zero") }
        var skipped: [LocalDate] = []
        for text in row.list("skippedDates") {
            guard let date = LocalDate(iso: text) else {
                throw row.fail("skippedDates", "“\(text.prefix(20))” is not a date")
            }
            skipped.append(date)
        }
        rule = RecurringRule(
            id: try row.id("id"), householdID: household, accountID: accountID, amount: amount,
            description: try row.required("description"), payee: row.text("payee"),
            tags: row.list("tags").map { $0.lowercased() }, notes: row.text("notes"), cadence: try row.value("cadence"),
            interval: interval, start: start, end: end, isEnabled: try row.bool("enabled"),
            generatedThroughYear: try row.int("generatedThroughYear"))
        categoryKey = row.text("categoryKey")?.trimmingCharacters(in: .whitespaces)
        skippedDates = skipped
    }
}

/// A budget target for a category named by key.
public struct DatasetBudget: Hashable, Sendable {
    public var id: BudgetTarget.ID
    public var categoryKey: String
    public var categoryName: String?
    public var target: Money?
    public var notes: String?

    public init(id: BudgetTarget.ID, categoryKey: String, categoryName: String?, target: Money?, notes: String?) {
        self.id = id
        self.categoryKey = categoryKey
        self.categoryName = categoryName
        self.target = target
        self.notes = notes
    }

    public func cells(currency: Currency) -> [SheetCell] {
        [
            DatasetCell.id(id), .text(categoryKey), DatasetCell.text(categoryName), DatasetCell.money(target),
            .text(currency.code), DatasetCell.text(notes),
        ]
    }

    public init(_ row: DatasetRow, currency: Currency) throws(DatasetProblem) {
        id = try row.id("id")
        categoryKey = try row.required("categoryKey").trimmingCharacters(in: .whitespaces)
        categoryName = row.text("categoryName")
        target = try row.optionalMoney("target", currency)
        if let target, target.isNegative { throw row.fail("target", "a target is not negative") }
        notes = row.text("notes")
        if let notes, notes.count > 1000 { throw row.fail("notes", "at most 1,000 characters") }
        guard target != nil || notes != nil else { throw row.fail("target", "a budget row has a target or notes") }
    }
}

/// A classification rule with its category by key.
public struct DatasetRule: Hashable, Sendable {
    public var rule: Rule
    public var categoryKey: String?

    public init(rule: Rule, categoryKey: String?) {
        self.rule = rule
        self.categoryKey = categoryKey
    }

    public var cells: [SheetCell] {
        [
            DatasetCell.id(rule.id), .text(rule.name), .text(rule.origin.rawValue), DatasetCell.text(categoryKey),
            DatasetCell.text(rule.classification?.rawValue), DatasetCell.list(rule.tagsToAdd),
            .bool(rule.excludeFromTotals), .text(rule.join.rawValue), DatasetCell.int(rule.priority),
            .bool(rule.isActive), DatasetCell.text(rule.inactiveReason), DatasetCell.json(rule.conditions),
        ]
    }

    public init(_ row: DatasetRow, household: Household.ID) throws(DatasetProblem) {
        let name = try row.required("name")
        guard name.count <= 200 else { throw row.fail("name", "at most 200 characters") }
        let conditions = try row.json("conditions", as: [RuleCondition].self)
        guard !conditions.isEmpty, conditions.count <= 50 else {
            throw row.fail("conditions", "a rule has 1 to 50 conditions")
        }
        rule = Rule(
            id: try row.id("id"), householdID: household, name: name,
            classification: try row.optionalValue("classification"),
            tagsToAdd: row.list("tagsToAdd").map { $0.lowercased() },
            excludeFromTotals: try row.bool("excludeFromTotals"),
            join: try row.value("join"), priority: try row.int("priority"), isActive: try row.bool("active"),
            inactiveReason: row.text("inactiveReason"), conditions: conditions, origin: try row.value("origin"))
        categoryKey = row.text("categoryKey")?.trimmingCharacters(in: .whitespaces)
    }
}

/// A miles card (the Cards tab).
public struct DatasetCard: Hashable, Sendable {
    public var card: MilesCard

    public init(card: MilesCard) { self.card = card }

    public var cells: [SheetCell] {
        let statementDay: Int? =
            switch card.cycle {
            case .calendarMonth: nil
            case .statementMonth(let day): day
            }
        return [
            DatasetCell.id(card.id), .text(card.name), .text(card.bank.rawValue), .text(card.network.rawValue),
            DatasetCell.text(card.lastFourDigits), .text(card.currency.code), DatasetCell.int(card.currency.exponent),
            DatasetCell.money(card.minimumSpend), DatasetCell.money(card.maximumSpend), DatasetCell.int(statementDay),
            DatasetCell.rate(card.localRate), DatasetCell.rate(card.foreignRate), DatasetCell.rate(card.baseRate),
            DatasetCell.text(card.notes), DatasetCell.json(card.categoryCaps), DatasetCell.id(card.linkedAccountID),
            .bool(card.ownsAccount), DatasetCell.text(card.templateID), DatasetCell.int(card.sortOrder),
        ]
    }

    public init(_ row: DatasetRow, household: Household.ID) throws(DatasetProblem) {
        let decimals = try row.int("currencyDecimals")
        guard (0...Currency.maximumExponent).contains(decimals) else {
            throw row.fail("currencyDecimals", "a currency has 0 to \(Currency.maximumExponent) decimals")
        }
        let currency = Currency(
            code: try row.required("currency").trimmingCharacters(in: .whitespaces), exponent: decimals)
        func rate(_ column: String) throws(DatasetProblem) -> MilesRate? {
            guard let text = row.text(column)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            guard let rate = MilesRate(text) else {
                throw row.fail(column, "“\(text.prefix(20))” is not miles per dollar")
            }
            return rate
        }
        let statementDay = try row.optionalInt("statementDay")
        if let statementDay, !(1...31).contains(statementDay) { throw row.fail("statementDay", "write a day 1 to 31") }
        let caps = try row.json("categoryCaps", as: [CategoryCap].self)
        guard caps.allSatisfy({ $0.cap.currency.code == currency.code && !$0.categories.isEmpty }) else {
            throw row.fail("categoryCaps", "every cap is in the card's currency and names a category")
        }
        let lastFour = row.text("lastFour")?.trimmingCharacters(in: .whitespaces)
        if let lastFour, lastFour.count != 4 || !lastFour.allSatisfy(\.isASCIIDigit) {
            throw row.fail("lastFour", "write four digits")
        }
        card = MilesCard(
            id: try row.id("id"), householdID: household, bank: try row.value("bank"),
            network: try row.value("network"),
            name: try row.required("name"), lastFourDigits: lastFour, currency: currency,
            minimumSpend: try row.optionalMoney("minimumSpend", currency),
            maximumSpend: try row.optionalMoney("maximumSpend", currency),
            cycle: statementDay.map { .statementMonth(day: $0) } ?? .calendarMonth, localRate: try rate("localRate"),
            foreignRate: try rate("foreignRate"), baseRate: try rate("baseRate"), notes: row.text("notes"),
            categoryCaps: caps, linkedAccountID: try row.optionalID("accountId"),
            ownsAccount: try row.bool("ownsAccount"),
            templateID: row.text("templateId"), sortOrder: try row.int("sortOrder"))
    }
}

/// An account's balance on one day (what net worth over time is drawn from).
public struct DatasetBalance: Hashable, Sendable {
    public var accountID: Account.ID
    public var date: LocalDate
    public var balance: Money

    public init(accountID: Account.ID, date: LocalDate, balance: Money) {
        self.accountID = accountID
        self.date = date
        self.balance = balance
    }

    public var cells: [SheetCell] {
        [DatasetCell.id(accountID), DatasetCell.date(date), DatasetCell.money(balance), .text(balance.currency.code)]
    }

    public init(_ row: DatasetRow, currency: (Account.ID) -> Currency?) throws(DatasetProblem) {
        accountID = try row.id("accountId")
        guard let accountCurrency = currency(accountID) else {
            throw row.fail("accountId", "no account \(accountID) is in the Accounts tab or this household")
        }
        date = try row.date("date")
        balance = try row.money("balance", accountCurrency)
    }
}

/// One remembered choice (the Choices tab): see `DatasetChoiceKind`.
public struct DatasetChoice: Hashable, Sendable {
    public var kind: DatasetChoiceKind
    public var subject: String?
    public var key: String
    public var value: String?
    public var date: LocalDate?

    public init(kind: DatasetChoiceKind, subject: String?, key: String, value: String?, date: LocalDate?) {
        self.kind = kind
        self.subject = subject
        self.key = key
        self.value = value
        self.date = date
    }

    public var cells: [SheetCell] {
        [.text(kind.rawValue), DatasetCell.text(subject), .text(key), DatasetCell.text(value), DatasetCell.date(date)]
    }

    public init(_ row: DatasetRow) throws(DatasetProblem) {
        kind = try row.value("kind")
        subject = row.text("subject")?.trimmingCharacters(in: .whitespaces)
        key = try row.required("key")
        guard key.count <= 2000 else { throw row.fail("key", "at most 2,000 characters") }
        value = row.text("value")?.trimmingCharacters(in: .whitespaces)
        date = try row.optionalDate("date")
    }
}

import Foundation

/// GhostVault's built-in income and merchant patterns (spec `ghostvault.md` section 8), as rules a
/// household gets on creation and can see, switch off and edit.
///
/// Merchant patterns are listed most specific first and carry descending priorities, so "UBER EATS"
/// (dining) is tried before "UBER" (transportation). Built-in rules sit below a person's rules
/// (`basePriority` is far under the default 0).
public enum BuiltInPatterns {
    /// Priority of the first built-in rule; a person's rules (priority 0 by default) come first.
    public static let basePriority = -1_000

    /// Income detection (spec section 8, Income Pattern Detection): matched case-insensitively.
    public static let incomeRegexes = [
        "PAYROLL", "DIRECT DEP", "DIR DEP", "DIRECT DEPOSIT", "EMPLOYER.*DEPOSIT", "SALARY", "WAGE", "ACH.*PAYROLL",
    ]

    /// Merchant words per category key, most specific first (spec section 8, Auto-Categorization Patterns).
    public static let merchants: [(categoryKey: String, words: [String])] = [
        (
            "dining",
            [
                "DOORDASH", "UBER EATS", "GRUBHUB", "STARBUCKS", "COFFEE", "CAFE", "RESTAURANT", "GRILL", "PIZZA",
                "BURGER",
            ]
        ),
        (
            "groceries",
            ["SAFEWAY", "KROGER", "WHOLE FOODS", "TRADER JOE", "GROCERY", "SUPERMARKET", "MARKET", "COSTCO"]
        ),
        (
            "transportation",
            ["SHELL", "CHEVRON", "EXXON", "GAS", "UBER", "LYFT", "PARKING", "TRANSIT", "BART", "METRO"]
        ),
        ("shopping", ["AMAZON", "TARGET", "WALMART", "APPLE.COM", "BEST BUY"]),
        (
            "entertainment",
            ["NETFLIX", "SPOTIFY", "HULU", "DISNEY", "AMC", "REGAL", "CINEMA", "STEAM", "PLAYSTATION", "XBOX"]
        ),
        (
            "bills",
            [
                "ELECTRIC", "POWER", "ENERGY", "WATER", "SEWER", "VERIZON", "AT&T", "T-MOBILE", "COMCAST", "XFINITY",
                "SPECTRUM",
            ]
        ),
        (
            "healthcare",
            [
                "CVS", "WALGREENS", "PHARMACY", "MEDICAL", "DOCTOR", "HOSPITAL", "CLINIC", "GYM", "FITNESS",
                "PLANET FITNESS",
            ]
        ),
        ("travel", ["AIRLINE", "UNITED", "DELTA", "SOUTHWEST", "HOTEL", "MARRIOTT", "HILTON", "AIRBNB"]),
        // Housing (issue 21): without it a mortgage payment from checking was the household's largest
        // "Uncategorized" spending. Migration 0016 gives it to the households that existed before it.
        ("housing", housingWords),
        // Loans (issue 21): a car or student loan paid from checking to a lender whose account is not linked.
        // After Housing, so "MORTGAGE LOAN PAYMENT" stays Housing.
        ("loans", loanWords),
    ]

    /// Mortgage, rent, homeowners' association dues and property tax, as banks describe them.
    public static let housingWords = [
        "MORTGAGE", "MTG PMT", "RENT", "RENT PAYMENT", "HOA", "HOMEOWNERS ASSOCIATION", "HOMEOWNERS ASSN",
        "PROPERTY TAX", "PROPERTY TAXES", "PROP TAX",
    ]

    /// Car, student and personal loan payments, as banks describe them.
    public static let loanWords = [
        "LOAN PMT", "LOAN PAYMENT", "LOAN PYMT", "AUTO LOAN", "CAR LOAN", "STUDENT LOAN", "NAVIENT", "NELNET",
        "SALLIE MAE", "MOHELA",
    ]

    /// The name of a built-in merchant rule for a category key: "Merchants: dining".
    public static func merchantRuleName(_ key: String) -> String { "Merchants: \(key)" }

    /// The built-in rules for a household, given its categories by key.
    public static func rules(
        for household: Household.ID, categoryIDs: [String: Category.ID], newID: () -> Rule.ID
    ) -> [Rule] {
        var rules: [Rule] = [
            Rule(
                id: newID(), householdID: household, name: "Income: paychecks", categoryID: categoryIDs["salary"],
                classification: .income, join: .any, priority: basePriority + 100,
                conditions: incomeRegexes.map { RuleCondition(.description, .regex, $0) }, origin: .incomePattern)
        ]
        // A merchant word matches as a whole word ("GAS" is not found inside "VEGAS"); earlier groups
        // (and, within one, earlier words) rank higher. Dining's "UBER EATS" thus beats transportation's "UBER".
        var priority = basePriority + 50
        // A group's priority is fixed by its place in the list, whichever categories the household has, so a
        // migration adding one group later gives it the priority a new household's would have.
        for (key, words) in merchants {
            defer { priority -= 1 }
            guard let category = categoryIDs[key] else { continue }
            rules.append(
                Rule(
                    id: newID(), householdID: household, name: merchantRuleName(key), categoryID: category, join: .any,
                    priority: priority,
                    conditions: words.map { RuleCondition(.description, .containsWord, $0) },
                    origin: .merchantPattern))
        }
        return rules
    }
}

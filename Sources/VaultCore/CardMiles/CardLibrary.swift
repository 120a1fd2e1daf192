import Foundation

/// The pre-populated card library, every card of spec `card-miles.md` with its rates, notes and caps.
///
/// Rates, notes and the UOB caps are the spec's tables word for word. Caps the spec gives only in a note are
/// read from it: DBS Woman's World "Capped at $2k/month online" is an online cap of $2,000 at the card's
/// 4 mpd; HSBC Revolution "Online & contactless, $1.5k cap" is one $1,500 cap shared by both at 4 mpd. Notes
/// naming a promotion without an amount (DBS Altitude's online hotels, OCBC Rewards' e-commerce promo,
/// Citibank Rewards' "10x on categories") stay notes: the spec gives no cap or category set to compute with.
/// Standard Chartered Visa Infinite's "$2k min spend" is its minimum spending threshold.
///
/// The spec names no network for most cards: where the name says it (Visa, Mastercard, AMEX) that is used;
/// otherwise the network the bank issues the card on (OCBC 90°N and Citibank Rewards come on Visa and
/// Mastercard; Visa is listed, and the person can change it).
public enum CardLibrary {
    /// Every library card, grouped by bank in the spec's order, then in the spec's order within the bank.
    public static let cards: [CardTemplate] = [
        card("dbs-altitude-visa", .dbs, .visa, "Altitude Visa Signature", "1.2", "2.0", "1.2", "3 mpd online hotels"),
        card("dbs-altitude-amex", .dbs, .amex, "Altitude AMEX", "1.2", "2.0", "1.2", "3 mpd online hotels"),
        card(
            "dbs-womans-world", .dbs, .mastercard, "Woman's World Card", "4.0", "4.0", "0.4",
            "Capped at $2k/month online", caps: [cap([.online], cap: 2_000, rate: "4.0")]),

        card("uob-prvi-visa", .uob, .visa, "PRVI Miles Visa", "1.4", "2.4", "1.4", "No cap"),
        card("uob-prvi-mastercard", .uob, .mastercard, "PRVI Miles Mastercard", "1.4", "2.4", "1.4", "No cap"),
        card(
            "uob-visa-signature", .uob, .visa, "Visa Signature", "4.0", "4.0", "0.4",
            "Each category needs its own $1,000 minimum to unlock 4 mpd, up to $1,200",
            caps: [
                cap([.foreignCurrency], minimum: 1_000, cap: 1_200, rate: "4.0"),
                cap([.contactless], minimum: 1_000, cap: 1_200, rate: "4.0"),
            ]),
        card(
            "uob-preferred-platinum", .uob, .visa, "Preferred Platinum Visa", "4.0", "4.0", "0.4",
            "4 mpd online and contactless, $600 cap each",
            caps: [cap([.online], cap: 600, rate: "4.0"), cap([.contactless], cap: 600, rate: "4.0")]),
        card(
            "uob-ladys-solitaire", .uob, .mastercard, "Lady's Solitaire", "4.0", "4.0", "0.4",
            "4 mpd in 2 categories you pick, $750 cap each",
            caps: [cap([], cap: 750, rate: "4.0"), cap([], cap: 750, rate: "4.0")]),

        card("ocbc-90n", .ocbc, .visa, "90°N Card", "1.3", "2.1", "1.3", "No cap, no expiry"),
        card("ocbc-rewards", .ocbc, .visa, "Rewards Card", "4.0", "4.0", "0.4", "6 mpd promo on e-commerce"),

        card("citibank-rewards", .citibank, .visa, "Rewards Card", "4.0", "4.0", "0.4", "10x on categories"),
        card(
            "citibank-premiermiles", .citibank, .visa, "PremierMiles Visa", "1.2", "2.0", "1.2",
            "Discontinuing Jan 2026", availability: .discontinuing(from: CalendarMonth(year: 2026, month: 1)!)),

        card(
            "hsbc-revolution", .hsbc, .visa, "Revolution", "4.0", "4.0", "0.4", "Online & contactless, $1.5k cap",
            caps: [cap([.online, .contactless], cap: 1_500, rate: "4.0")]),
        card("hsbc-travelone", .hsbc, .mastercard, "TravelOne", "1.0", "2.5", "1.0", "No FX fee"),

        card(
            "sc-visa-infinite", .standardChartered, .visa, "Visa Infinite", "1.4", "3.0", "1.4", "$2k min spend",
            minimum: 2_000),
        card(
            "sc-x-card", .standardChartered, .visa, "X Card", nil, nil, nil, "Cashback card, not miles",
            availability: .notMiles),

        card("amex-krisflyer", .amex, .amex, "KrisFlyer Card", "1.1", "2.0", "1.1", "Direct KrisFlyer earn"),
        card("amex-platinum", .amex, .amex, "Platinum Card", "1.6", "1.6", "1.6", "With MR bonus"),

        card(
            "maybank-horizon", .maybank, .visa, "Horizon Visa Signature", "1.6", "3.2", "1.6", "Good overseas rate"),
    ]

    /// The library card with key `id`, if any.
    public static func card(id: String) -> CardTemplate? { cards.first { $0.id == id } }

    /// The library grouped by bank, banks in the spec's order (the "Choose from library" page).
    public static var byBank: [(bank: CardBank, cards: [CardTemplate])] {
        CardBank.allCases.compactMap { bank in
            let cards = cards.filter { $0.bank == bank }
            return cards.isEmpty ? nil : (bank, cards)
        }
    }

    private static func card(
        _ id: String, _ bank: CardBank, _ network: CardNetwork, _ name: String, _ local: String?,
        _ foreign: String?, _ base: String?, _ notes: String, minimum: Int64? = nil,
        caps: [CardTemplate.CapTemplate] = [], availability: CardTemplate.Availability = .available
    ) -> CardTemplate {
        CardTemplate(
            id: id, bank: bank, network: network, name: name, localRate: local.map { MilesRate($0)! },
            foreignRate: foreign.map { MilesRate($0)! }, baseRate: base.map { MilesRate($0)! }, notes: notes,
            minimumSpend: minimum.map(dollars), maximumSpend: nil, caps: caps, cycle: .calendarMonth,
            availability: availability)
    }

    private static func cap(
        _ categories: [BonusCategory], minimum: Int64? = nil, cap: Int64, rate: String
    ) -> CardTemplate.CapTemplate {
        CardTemplate.CapTemplate(
            categories: categories, minimumSpend: minimum.map(dollars), cap: dollars(cap), bonusRate: MilesRate(rate)!)
    }

    private static func dollars(_ amount: Int64) -> Money { Money(minorUnits: amount * 100, currency: .sgd) }
}

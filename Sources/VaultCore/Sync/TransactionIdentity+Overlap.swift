import Foundation

extension TransactionIdentity {
    /// How many days apart a file's row and a stored row may be dated and still be one transaction: a bank
    /// file dates by posting or by purchase where sync may use the other (reference 5.10: "a few days").
    public static let overlapWindowDays = 3

    /// For rows of a file that matched no stored bank id: the stored row each one already is, found by
    /// content, one to one (`BankFileIdentity` states the whole rule).
    ///
    /// A link needs the same amount exactly and dates at most `overlapWindowDays` apart, and descriptions
    /// that name the same thing: similar payee keys (`PayeeKey.similar`, payee or description), or a
    /// shared word of four letters or more (a bank file's "CARD PAYMENT TO CAFE LUNA" and sync's
    /// "Cafe Luna"). Links rank by the date gap, then similar keys before a shared word, then the stored
    /// row's id and the incoming position, and are taken greedily; so two identical coffees in the file
    /// and one stored leave one coffee to add.
    ///
    /// - Returns: the stored row's id by the incoming row's index.
    public static func overlaps(_ incoming: [Incoming], candidates: [Candidate]) -> [Int: Transaction.ID] {
        var byAmount: [Money: [Candidate]] = [:]
        for candidate in candidates where !candidate.isPending {
            byAmount[candidate.amount, default: []].append(candidate)
        }
        guard !byAmount.isEmpty else { return [:] }
        struct Link {
            let incoming: Int
            let stored: Transaction.ID
            let dateGap: Int
            let isSimilar: Bool
        }
        var links: [Link] = []
        for (index, item) in incoming.enumerated() {
            for candidate in byAmount[item.amount] ?? [] {
                let gap = abs(candidate.date.days(until: item.date))
                guard gap <= overlapWindowDays else { continue }
                let similar = similarKeys(item, candidate)
                guard similar || sharesWord(item, candidate) else { continue }
                links.append(Link(incoming: index, stored: candidate.id, dateGap: gap, isSimilar: similar))
            }
        }
        links.sort { a, b in
            if a.dateGap != b.dateGap { return a.dateGap < b.dateGap }
            if a.isSimilar != b.isSimilar { return a.isSimilar }
            if a.stored != b.stored { return a.stored < b.stored }
            return a.incoming < b.incoming
        }
        var matched: [Int: Transaction.ID] = [:]
        var taken: Set<Transaction.ID> = []
        for link in links where matched[link.incoming] == nil && !taken.contains(link.stored) {
            matched[link.incoming] = link.stored
            taken.insert(link.stored)
        }
        return matched
    }

    /// The explanation of a row skipped because `overlaps` found it stored.
    public static func overlapExplanation(days: Int) -> String {
        "skipped: already stored (same amount, "
            + (days == 0 ? "same day" : "\(days) day\(days == 1 ? "" : "s") apart") + ", similar description)"
    }

    static func similarKeys(_ item: Incoming, _ candidate: Candidate) -> Bool {
        let incomingKeys = [item.payee, item.description].compactMap { $0 }.map(PayeeKey.normalize)
        let storedKeys = [candidate.payee, candidate.description].compactMap { $0 }.map(PayeeKey.normalize)
        return incomingKeys.contains { key in storedKeys.contains { PayeeKey.similar(key, $0) } }
    }

    /// The least length of a word two descriptions share for them to name the same thing: shorter words
    /// ("to", "pos", "the") are in too many.
    static let sharedWordLength = 4

    static func sharesWord(_ item: Incoming, _ candidate: Candidate) -> Bool {
        func words(_ texts: [String?]) -> Set<Substring> {
            Set(
                texts.compactMap { $0 }.map(PayeeKey.normalize).flatMap { $0.split(separator: " ") }
                    .filter { $0.count >= sharedWordLength })
        }
        return !words([item.payee, item.description]).isDisjoint(with: words([candidate.payee, candidate.description]))
    }
}

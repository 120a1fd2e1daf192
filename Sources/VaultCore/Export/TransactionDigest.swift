import Foundation

/// A period's transactions as the LLM export's leak check and preview read them, summed by the database instead
/// of loaded one by one (a year of a large household is a hundred thousand rows): each distinct payee,
/// description, category and kind with how many transactions share it, every distinct amount, and the largest
/// transactions.
public struct TransactionDigest: Sendable {
    public struct Group: Hashable, Sendable {
        public var payee: String?
        public var description: String
        public var categoryID: Category.ID?
        public var classification: Classification
        public var count: Int

        public init(
            payee: String?, description: String, categoryID: Category.ID?, classification: Classification, count: Int
        ) {
            self.payee = payee
            self.description = description
            self.categoryID = categoryID
            self.classification = classification
            self.count = count
        }

        /// What a person knows the transactions by: the payee, else the description.
        public var name: String { payee.flatMap { $0.isEmpty ? nil : $0 } ?? description }
    }

    public var groups: [Group]
    /// The magnitude (minor units) of every amount.
    public var magnitudes: Set<Int64>
    /// The largest transactions by magnitude, largest first, ties by id.
    public var largest: [Transaction]

    public init(groups: [Group], magnitudes: Set<Int64>, largest: [Transaction]) {
        self.groups = groups
        self.magnitudes = magnitudes
        self.largest = largest
    }
}

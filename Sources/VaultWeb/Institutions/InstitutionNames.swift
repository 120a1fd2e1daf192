import VaultCore

/// Names that tell institutions apart on a page: two logins at one card issuer both say "Summit Card
/// Services", so where a name is shared each gets what sets it apart (its connection's label, or the
/// accounts it holds): "Summit Card Services · Visa, Rewards". Where that is shared too, a number follows.
enum InstitutionNames {
    /// The name to show for each institution, by id: the name alone when it is the only one with it.
    /// Entries are numbered in the order given when their details are shared too.
    static func distinct(_ entries: [(id: Institution.ID, name: String, detail: String)]) -> [Institution.ID: String] {
        let counts = Dictionary(grouping: entries, by: \.name).mapValues(\.count)
        let sharedDetails = Dictionary(grouping: entries) { [$0.name, $0.detail] }.mapValues(\.count)
        var seen: [[String]: Int] = [:]
        var result: [Institution.ID: String] = [:]
        for entry in entries where result[entry.id] == nil {
            guard counts[entry.name, default: 0] > 1 else {
                result[entry.id] = entry.name
                continue
            }
            let key = [entry.name, entry.detail]
            let label = entry.detail.isEmpty ? "" : " · " + entry.detail
            guard sharedDetails[key, default: 0] > 1 || entry.detail.isEmpty else {
                result[entry.id] = entry.name + label
                continue
            }
            seen[key, default: 0] += 1
            result[entry.id] = entry.name + label + " (\(seen[key]!))"
        }
        return result
    }
}

import Foundation
import VaultCore

/// Finding the account or category a person means from what they typed: an id, a name or a key.
enum Reference {
    /// The account with this id, name or nickname (ignoring case).
    static func account(_ text: String, in accounts: [Account], field: String = "account") -> Result<Account, Problem> {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let id = Account.ID(wanted), let account = accounts.first(where: { $0.id == id }) {
            return .success(account)
        }
        let lower = wanted.lowercased()
        let matches = accounts.filter {
            $0.name.lowercased() == lower || $0.nickname?.lowercased() == lower
        }
        switch matches.count {
        case 1:
            return .success(matches[0])
        case 0:
            let known = accounts.map(\.displayName).sorted().joined(separator: ", ")
            return .failure(
                Problem(
                    field: field,
                    message: "There is no account '\(wanted)'"
                        + (known.isEmpty
                            ? "; add one with `ghostvault accounts add`." : "; the accounts are: \(known).")))
        default:
            return .failure(
                Problem(
                    field: field,
                    message: "More than one account is called '\(wanted)'; use its id ("
                        + matches.map(\.id.description).joined(separator: ", ") + ")."))
        }
    }

    /// The category with this id, key, name (ignoring case) or path such as `Transportation/Fuel`.
    static func category(_ text: String, in tree: CategoryTree, field: String = "category") -> Result<Category, Problem>
    {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let id = Category.ID(wanted), let category = tree[id] { return .success(category) }
        let lower = wanted.lowercased()
        if let category = tree.categories.first(where: { $0.key == lower }) { return .success(category) }
        let byName = tree.categories.filter { $0.name.lowercased() == lower }
        if byName.count == 1 { return .success(byName[0]) }
        let path = wanted.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if path.count > 1,
            let category = tree.categories.first(where: {
                tree.path(of: $0.id).lowercased().split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
                    == path
            })
        {
            return .success(category)
        }
        if byName.count > 1 {
            return .failure(
                Problem(
                    field: field,
                    message: "More than one category is called '\(wanted)'; write its path ("
                        + byName.map { tree.path(of: $0.id).replacingOccurrences(of: " / ", with: "/") }.joined(
                            separator: " or ")
                        + ")."))
        }
        return .failure(
            Problem(
                field: field,
                message: "There is no category '\(wanted)'; "
                    + "`ghostvault categories list` shows them, and `ghostvault categories add` makes one."))
    }
}

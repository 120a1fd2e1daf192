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

    /// The one item `matches` holds; none is `notFound` with `none`, several is `invalidInput` with `many`.
    static func single<Item>(_ matches: [Item], none: String, many: String) throws -> Item {
        guard matches.count == 1 else {
            throw VaultError(matches.isEmpty ? .notFound : .invalidInput, matches.isEmpty ? none : many)
        }
        return matches[0]
    }

    /// The item named by id or name (ignoring case), or the only item when `reference` is nil or empty.
    static func named<Item>(
        _ reference: String?, in items: [Item], id: (Item) -> String, name: (Item) -> String, kind: String,
        noneYet: String
    ) throws -> Item {
        guard let reference, !reference.isEmpty else {
            return try single(
                items, none: noneYet,
                many: "There are \(items.count) \(kind)s; name one (\(items.map(name).joined(separator: ", "))).")
        }
        let wanted = reference.lowercased()
        return try single(
            items.filter { id($0) == wanted || name($0).lowercased() == wanted },
            none: "There is no \(kind) '\(reference)'.",
            many: "More than one \(kind) is called '\(reference)'; use its id.")
    }
}

import Foundation

/// The rules of a household's category tree, checked before anything is written.
///
/// A category's parent must exist, be of the same kind (expense, income or transfer) and not be the
/// category itself or one of its descendants, so the tree never has a cycle. Siblings have distinct
/// names, ignoring case, so a name and its parent always say which category is meant.
public struct CategoryTree: Sendable {
    public let categories: [Category]
    private let byID: [Category.ID: Category]
    private let childrenByParent: [Category.ID?: [Category]]

    public init(_ categories: [Category]) {
        self.categories = categories
        self.byID = Dictionary(categories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.childrenByParent = Dictionary(grouping: categories, by: \.parentID)
            .mapValues { $0.sorted(by: CategoryTree.displayOrder) }
    }

    /// Siblings sort by type (expense, income, transfer), then name ignoring case, then id, so listings are stable.
    static func displayOrder(_ a: Category, _ b: Category) -> Bool {
        let kinds = CategoryKind.allCases
        let (leftKind, rightKind) = (kinds.firstIndex(of: a.kind)!, kinds.firstIndex(of: b.kind)!)
        if leftKind != rightKind { return leftKind < rightKind }
        let (left, right) = (a.name.lowercased(), b.name.lowercased())
        return left != right ? left < right : a.id < b.id
    }

    public subscript(id: Category.ID) -> Category? { byID[id] }

    /// The direct children of a category (or the top level for nil), in display order.
    public func children(of id: Category.ID?) -> [Category] { childrenByParent[id] ?? [] }

    /// Every category below `id`, depth first (a damaged tree with a loop is walked once).
    public func descendants(of id: Category.ID) -> [Category] {
        var seen: Set<Category.ID> = [id]
        func walk(_ parent: Category.ID) -> [Category] {
            children(of: parent).filter { seen.insert($0.id).inserted }.flatMap { [$0] + walk($0.id) }
        }
        return walk(id)
    }

    /// The chain from the category's parent up to its top-level ancestor.
    public func ancestors(of id: Category.ID) -> [Category] {
        var chain: [Category] = []
        var current = byID[id]?.parentID
        while let parentID = current, let parent = byID[parentID], !chain.contains(where: { $0.id == parentID }) {
            chain.append(parent)
            current = parent.parentID
        }
        return chain
    }

    /// The top-level category a category rolls up into in reports (itself when it has no parent).
    public func root(of id: Category.ID) -> Category? { ancestors(of: id).last ?? byID[id] }

    /// "Transportation / Fuel".
    public func path(of id: Category.ID) -> String {
        (ancestors(of: id).reversed() + [byID[id]].compactMap { $0 }).map(\.name).joined(separator: " / ")
    }

    /// The whole tree depth first, each category with its depth (0 at the top), for indented listings.
    public func flattened() -> [(category: Category, depth: Int)] {
        var seen: Set<Category.ID> = []
        func walk(_ parent: Category.ID?, _ depth: Int) -> [(category: Category, depth: Int)] {
            children(of: parent).filter { seen.insert($0.id).inserted }.flatMap {
                [($0, depth)] + walk($0.id, depth + 1)
            }
        }
        return walk(nil, 0)
    }

    /// Every problem with giving a category (new when `id` is nil) this name, kind and parent.
    public func problems(id: Category.ID?, name: String, kind: CategoryKind, parentID: Category.ID?) -> [Problem] {
        var problems: [Problem] = []
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            problems.append(Problem(field: "name", message: "A category needs a name."))
        } else if trimmed.unicodeScalars.count > CategoryTree.maximumNameLength {
            problems.append(
                Problem(
                    field: "name", message: "A category name is at most \(CategoryTree.maximumNameLength) characters."))
        }
        if let problem = PlainText.problem(trimmed, field: "name", label: "The name") { problems.append(problem) }
        if let parentID {
            if let parent = byID[parentID] {
                if parent.kind != kind {
                    problems.append(
                        Problem(
                            field: "parent",
                            message:
                                "'\(parent.name)' is a\(parent.kind == .income ? "n" : "") \(parent.kind) category; "
                                + "a child must be the same kind as its parent (\(kind) was asked for)."))
                }
                if let id, parentID == id || descendants(of: id).contains(where: { $0.id == parentID }) {
                    problems.append(
                        Problem(
                            field: "parent",
                            message: "'\(parent.name)' is this category or one of its children; that would make a loop."
                        ))
                }
            } else {
                problems.append(Problem(field: "parent", message: "The parent category does not exist."))
            }
        }
        if !trimmed.isEmpty,
            children(of: parentID).contains(where: {
                $0.id != id && $0.name.lowercased() == trimmed.lowercased()
            })
        {
            let place = parentID.flatMap { byID[$0] }.map { "under '\($0.name)'" } ?? "at the top level"
            problems.append(Problem(field: "name", message: "A category named '\(trimmed)' already exists \(place)."))
        }
        if let id, let existing = byID[id], existing.kind != kind,
            descendants(of: id).contains(where: { $0.kind != kind })
        {
            problems.append(
                Problem(
                    field: "type",
                    message: "'\(existing.name)' has child categories of type \(existing.kind); "
                        + "move or change them before changing its type."))
        }
        return problems
    }

    /// The longest category name accepted, so lists and pickers stay readable.
    public static let maximumNameLength = 60
}

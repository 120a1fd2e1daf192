import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The 50/30/20 lens's pages (spec `ghostvault.md` section 9, issue 20): a segment's transactions with why each
/// landed there, reclassifying one transaction or always a payee, and the targets in Settings.
struct LensPages {
    let environment: WebEnvironment

    /// How many transactions a segment's page lists at once.
    static let pageSize = 50

    func addRoutes(to router: some RouterMethods<PageContext>) {
        router.get("/lens/:bucket") { request, context in try await segment(request, context) }
        router.post("/lens/choice") { request, context in try await choose(request, context) }
        router.post("/lens/payee") { request, context in try await classifyPayee(request, context) }
        router.get("/settings/lens") { _, context in try await settings(context) }
        router.post("/settings/lens/targets") { request, context in try await setTargets(request, context) }
    }

    func segment(_ request: Request, _ context: PageContext) async throws -> Response {
        let signedIn = context.signedIn
        guard let bucket = context.parameters.get("bucket").flatMap(LensBucket.init(name:)) else {
            throw PageError(
                status: .notFound, title: "Not found", message: "The lens has three segments: needs, wants and savings."
            )
        }
        let query = request.queryForm
        let segment = try await environment.household(of: signedIn.user).lens.segment(
            query["month"], bucket: bucket, page: try query.listPage(size: Self.pageSize))
        return .html(LensSegmentPage.render(segment, signedIn: signedIn, path: request.uri.description))
    }

    /// Puts one transaction in a bucket ("automatic" returns it to the rules), then goes back.
    func choose(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let id = try TransactionsPages.uuid(form["transaction"])
        let back = form["back"].flatMap(AuthPages.localPath) ?? "/transactions/\(id)"
        let bucket = try Self.bucket(form["bucket"])
        do {
            let entry = try await environment.household(of: context.signedIn.user).lens.choose(
                transaction: id, as: bucket)
            let message =
                bucket == nil
                ? "\(entry.name) is back to the automatic rules: \(entry.placement.bucket.displayName)."
                : "\(entry.name) now counts as \(entry.placement.bucket.displayName)."
            return .seeOther(back, flash: Flash(.notice, message))
        } catch let error as VaultError where error.code == .invalidInput {
            return .seeOther(back, flash: Flash(.error, error.description))
        }
    }

    /// "Always classify [payee] as ...": a choice for every transaction from the transaction's payee.
    func classifyPayee(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        let lens = environment.household(of: context.signedIn.user).lens
        let bucket = try Self.bucket(form["bucket"])
        let payee: String
        if let transaction = form["transaction"] {
            guard let entry = try await lens.entry(of: try TransactionsPages.uuid(transaction)) else {
                throw PageError(
                    status: .unprocessableContent, title: "Not in the lens",
                    message: "The 50/30/20 lens does not count this transaction, so its payee has no bucket.")
            }
            payee = entry.name
        } else {
            payee = form["payee"] ?? ""
        }
        let back = form["back"].flatMap(AuthPages.localPath) ?? "/settings/lens"
        do {
            let key = try await lens.classify(payee: payee, as: bucket)
            let message =
                bucket.map { "Always classifying \u{201C}\(key)\u{201D} as \($0.displayName)." }
                ?? "\u{201C}\(key)\u{201D} is back to the automatic rules."
            return .seeOther(back, flash: Flash(.notice, message))
        } catch let error as VaultError where error.code == .invalidInput {
            return .seeOther(back, flash: Flash(.error, error.description))
        }
    }

    func settings(_ context: PageContext, problems: [String] = [], typed: Form? = nil) async throws -> Response {
        let signedIn = context.signedIn
        let lens = environment.household(of: signedIn.user).lens
        return .html(
            LensSettingsPage.render(
                targets: try await lens.targets(), payees: try await lens.payeeChoices(), typed: typed,
                problems: problems, signedIn: signedIn),
            status: problems.isEmpty ? .ok : .unprocessableContent)
    }

    func setTargets(_ request: Request, _ context: PageContext) async throws -> Response {
        let form = try await context.form(request)
        var problems: [String] = []
        var numbers: [Int] = []
        for (field, label) in [("needs", "Needs"), ("wants", "Wants"), ("savings", "Savings/Debt")] {
            guard let number = form[field].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
                problems.append("\(label) needs a whole percentage, like 50.")
                continue
            }
            numbers.append(number)
        }
        guard problems.isEmpty else { return try await settings(context, problems: problems, typed: form) }
        do {
            let targets = try await environment.household(of: context.signedIn.user).lens.setTargets(
                needs: numbers[0], wants: numbers[1], savings: numbers[2])
            return .seeOther(
                "/settings/lens",
                flash: Flash(.notice, "Saved: \(targets.needs)/\(targets.wants)/\(targets.savings)."))
        } catch let error as VaultError where error.code == .invalidInput {
            return try await settings(context, problems: error.problems.map(\.message), typed: form)
        }
    }

    /// A bucket from a form: `need`, `want`, `savings`, or `automatic` (nil: the rules decide).
    static func bucket(_ text: String?) throws -> LensBucket? {
        guard let text, text != "automatic" else { return nil }
        guard let bucket = LensBucket(name: text) else {
            throw PageError(
                status: .unprocessableContent, title: "Unknown bucket",
                message: "Choose Need, Want, Savings or Automatic.")
        }
        return bucket
    }
}

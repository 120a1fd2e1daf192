import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The API of Settings > Data & Sync and the danger zone: the bank-sync status, erasing the household's data,
/// and deleting one's account (`POST /api/v1/sync` runs a sync; `APIController` has it).
struct DangerZoneAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/sync/status") { _, context in
            try Response.json(SyncStatusView(try await environment.sync(for: context.user).overview()))
        }
        api.post("/household/erase") { request, context in
            let body = try await request.decode(as: ConfirmBody.self, context: context)
            let erased = try await environment.vault(for: context.user).households.erase(
                context.user.householdID, confirmation: body.confirm, by: context.user)
            DatasetStaging.remove(household: context.user.householdID)
            environment.sessions.forget(user: context.user.id)
            return try Response.json(ErasedView(erased: erased.rows, categoriesRestored: erased.categoriesRestored))
        }
        api.delete("/me") { request, context in
            let body = try await request.decode(as: ConfirmBody.self, context: context)
            let removal = try await environment.vault(for: context.user).users(
                passwordCost: environment.configuration.passwordCost
            ).deleteAccount(context.user, confirmation: body.confirm)
            if removal == .deletedHousehold { DatasetStaging.remove(household: context.user.householdID) }
            environment.sessions.forget(user: context.user.id)
            return try Response.json(AccountRemovalView(removal: removal.rawValue))
        }
    }
}

/// `{"confirm": "ERASE"}`, or the person's email to delete their account.
struct ConfirmBody: Decodable, Sendable {
    let confirm: String
}

/// What `POST /api/v1/household/erase` removed: rows per table, and the default categories restored.
struct ErasedView: Encodable, Sendable {
    let erased: [String: Int]
    let categoriesRestored: Int
}

/// What `DELETE /api/v1/me` did: `left-household` or `deleted-household`.
struct AccountRemovalView: Encodable, Sendable {
    let removal: String
}

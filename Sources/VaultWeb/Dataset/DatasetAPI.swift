import Foundation
import Hummingbird
import VaultCore
import VaultServices

/// The dataset over the API: `GET /api/v1/dataset` downloads the `.zip`; `POST /api/v1/dataset` takes one as
/// the body (or a multipart form's `file`, at most 200 MB) and answers what importing it would do, or, with
/// `?apply=true`, imports it.
struct DatasetAPI: Sendable {
    let environment: WebEnvironment

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.get("/dataset") { _, context in
            let scope = environment.household(of: context.user)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghostvault-export-\(UUID()).zip")
            do {
                try await scope.dataset.export(to: file)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            let today = try await scope.details().today(at: environment.vault(for: context.user).now)
            return try Response.download(file, name: "ghostvault-dataset-\(today).zip", type: "application/zip")
        }
        api.post("/dataset") { request, context in
            let apply = request.queryForm["apply"].map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false
            let (_, file) = try DatasetStaging.make(for: context.user.householdID)
            defer { try? FileManager.default.removeItem(at: file) }
            _ = try await DatasetUpload.receive(request, into: file)
            let dataset = environment.household(of: context.user).dataset
            let report = apply ? try await dataset.importDataset(file) : try await dataset.previewImport(file)
            return try Response.json(DatasetImportView(report))
        }
    }
}

/// What `POST /api/v1/dataset` did or would do.
struct DatasetImportView: Encodable, Sendable {
    struct Count: Encodable, Sendable {
        let added: Int
        let changed: Int
        let unchanged: Int
    }

    let applied: Bool
    let intoEmptyHousehold: Bool
    let pairedWithHousehold: Int
    let tabs: [String: Count]
    let changes: [String]

    init(_ report: DatasetService.ImportReport) {
        applied = report.applied
        intoEmptyHousehold = report.intoEmptyHousehold
        pairedWithHousehold = report.pairedWithHousehold
        tabs = Dictionary(
            uniqueKeysWithValues: report.counts.map {
                (
                    $0.key.rawValue,
                    Count(added: $0.value.added, changed: $0.value.changed, unchanged: $0.value.unchanged)
                )
            })
        changes = report.changes
    }
}

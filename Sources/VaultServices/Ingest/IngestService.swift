import Foundation
import VaultCore
import VaultStore

/// Ingesting rows from any source that maps them to transactions first (a bank file, a spreadsheet,
/// recurring instances): the pipeline's plan, and writing it (DESIGN section 3).
public struct IngestService: Sendable {
    let scope: HouseholdScope

    public init(scope: HouseholdScope) { self.scope = scope }

    /// What ingesting `batches` would do, planned in a read session: nothing is written and the writer is not held.
    public func preview(_ batches: [IngestPlanner.Batch]) async throws -> IngestPlan {
        try await scope.read { session in
            try await Ingest.open(in: session).plan(batches.map { ($0, []) })
        }
    }

    /// Ingests `batches`: their rows, their pairs and their classification in one write transaction.
    @discardableResult
    public func ingest(_ batches: [IngestPlanner.Batch]) async throws -> IngestPlan {
        try await scope.write { session in
            let ingest = try await Ingest.open(in: session)
            let plan = try await ingest.plan(batches.map { ($0, []) })
            try await ingest.apply(plan)
            return plan
        }
    }
}

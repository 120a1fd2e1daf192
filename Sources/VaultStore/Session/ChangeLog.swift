import Foundation
import SQLKit
import Synchronization
import VaultCore

/// Who made a change: a signed-in person, the command line, bank sync, or the system itself.
public struct ChangeActor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The `ghostvault` command line on this machine.
    public static let commandLine = ChangeActor(rawValue: "cli")
    /// GhostVault itself (setup, maintenance).
    public static let system = ChangeActor(rawValue: "system")

    public var description: String { rawValue }
}

/// Whether a change made, altered or removed a row.
public enum ChangeOperation: String, Hashable, Sendable, Codable {
    case insert, update, delete
}

/// One entry of the change log: the audit trail, the feed for device sync, and the outbox.
public struct ChangeRecord: Hashable, Sendable {
    /// Position in the household's log, from 1, without gaps, in commit order.
    public let sequence: Int64
    /// The kind of row: `account`, `transaction`, `category`, `institution`, `household`.
    public let entity: String
    public let entityID: String
    public let operation: ChangeOperation
    /// The names of the fields an update changed. An insert names none: it sets every field of a new row, and
    /// listing them for each row of a 100k-row import doubled what the import wrote.
    public let fields: [String]
    public let actor: ChangeActor
    public let at: Date
}

/// Writes change records in the caller's transaction (DESIGN section 4).
///
/// The household row holds the last sequence number; taking the next ones with
/// `UPDATE ... RETURNING` locks that row until commit on PostgreSQL, so concurrent writers to one
/// household get gap-free sequences in commit order, and SQLite's single writer gives the same.
///
/// A `held` log (a household write session's) keeps its entries until `flush()`, which the session calls once
/// its work is done and before it commits, or until it holds `heldAtMost`: a write that adds six accounts and
/// their transactions logs them in two statements instead of two per change. Nothing reads the log inside the
/// transaction that writes it.
struct ChangeLog: Sendable {
    let sql: any SQLDatabase
    let householdID: Household.ID
    let actor: ChangeActor
    let now: Date
    /// The entries recorded but not written yet; nil when each is written as it is recorded.
    private let held: Held?

    private final class Held: Sendable {
        let entries = Mutex<[Entry]>([])
    }

    /// Whether writing a change to what classification reads moves `inputs_seq` (migration 0023); false for the
    /// migrations before it, which run before the column exists (their households start with it unknown anyway),
    /// and for tests' older schemas.
    private let movesInputs: Bool

    init(
        sql: any SQLDatabase, householdID: Household.ID, actor: ChangeActor, now: Date, held: Bool = false,
        movesInputs: Bool = true
    ) {
        self.sql = sql
        self.householdID = householdID
        self.actor = actor
        self.now = now
        self.held = held ? Held() : nil
        self.movesInputs = movesInputs
    }

    /// Writes the entries a held log kept, in the order they were recorded.
    func flush() async throws {
        guard let held else { return }
        let entries = held.entries.withLock { entries in
            defer { entries = [] }
            return entries
        }
        try await write(entries, unlessGone: true)
    }

    /// One entry to record.
    struct Entry: Sendable {
        let entity: String
        let entityID: String
        let operation: ChangeOperation
        let fields: [String]

        /// Whether the change alters what classification reads besides a transaction itself: a rule, a category,
        /// an account's name, nickname or kind (account rules, payment categories), an account removed. Writing it
        /// moves the household's `inputs_seq` (migration 0023).
        var changesClassificationInputs: Bool {
            switch entity {
            case "rule", "category": true
            case "account":
                operation == .delete
                    || (operation == .update && fields.contains { Self.classifiedAccountFields.contains($0) })
            default: false
            }
        }

        static let classifiedAccountFields: Set<String> = ["name", "nickname", "kind"]
    }

    /// Records one change.
    func record(
        _ entity: String, _ id: some CustomStringConvertible, _ operation: ChangeOperation, fields: [String]
    ) async throws {
        try await record([Entry(entity: entity, entityID: id.description, operation: operation, fields: fields)])
    }

    /// Records many changes with consecutive sequence numbers, in as few statements as possible.
    func record(_ entries: [Entry]) async throws {
        guard let held else { return try await write(entries) }
        let full = held.entries.withLock { kept -> [Entry]? in
            kept += entries
            guard kept.count >= Self.heldAtMost else { return nil }
            defer { kept = [] }
            return kept
        }
        // A large write (an import of a million rows) writes its log as it goes instead of holding it all.
        if let full { try await write(full) }
    }

    /// The most entries a held log keeps before writing them.
    static let heldAtMost = 10_000

    /// With `unlessGone`, a household deleted by the session that logged these entries takes them with it, as
    /// its deletion takes the log written before it.
    private func write(_ entries: [Entry], unlessGone: Bool = false) async throws {
        guard !entries.isEmpty else { return }
        // Both sides of a SET read the row as it was, so `inputs_seq` takes the last of these entries' numbers.
        let inputs: SQLQueryString =
            movesInputs && entries.contains(where: \.changesClassificationInputs)
            ? ", inputs_seq = change_seq + \(bind: Int64(entries.count))" : ""
        let row = try await sql.raw(
            """
            UPDATE households SET change_seq = change_seq + \(bind: Int64(entries.count))\(inputs)
            WHERE id = \(bind: householdID.description) RETURNING change_seq
            """
        ).first()
        guard let last = try row?.int("change_seq") else {
            if unlessGone { return }
            throw StoreError(.notFound, "The household \(householdID) does not exist.")
        }
        var sequence = last - Int64(entries.count)
        // A bulk insert logs the same field list for every row: encode each list once.
        var encoded: [[String]: String] = [:]
        for chunk in entries.chunked(by: Self.heldAtMost) {
            var rows: [[SQLValue]] = []
            rows.reserveCapacity(chunk.count)
            for entry in chunk {
                sequence += 1
                rows.append([
                    .text(householdID.description), .int(sequence), .text(entry.entity), .text(entry.entityID),
                    .text(entry.operation.rawValue),
                    .text(encoded[entry.fields] ?? ChangeLog.encode(fields: entry.fields, into: &encoded)),
                    .text(actor.rawValue), .int(now.unixSeconds),
                ])
            }
            try await sql.insert(
                into: "changes",
                columns: ["household_id", "seq", "entity", "entity_id", "operation", "fields", "actor", "at"],
                rows: rows)
        }
    }

    /// Field names as a JSON array of strings.
    static func encode(fields: [String]) -> String {
        let data = (try? JSONEncoder().encode(fields)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func encode(fields: [String], into known: inout [[String]: String]) -> String {
        let text = encode(fields: fields)
        known[fields] = text
        return text
    }

    static func decode(fields text: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }
}

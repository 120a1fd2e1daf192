/// Lets one task at a time into a section, in arrival order, without holding a thread while waiting.
///
/// SQLite allows one writer at a time. Left to SQLite alone, waiting writers spin in its busy handler
/// on the thread pool's few threads (two on a two-core machine) and can starve the writer that holds
/// the lock of a thread to finish on. Queuing writers here, before they take a connection, keeps the
/// threads free; the busy timeout then only covers writers in other processes.
actor WriteGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once every earlier caller has finished theirs.
    nonisolated func withTurn<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        await enter()
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func leave() {
        if waiters.isEmpty {
            busy = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}

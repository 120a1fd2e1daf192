import Foundation
import Synchronization
import VaultCore
import VaultStore

/// Sessions looked up in the last moment, so a client making many requests costs one database lookup every
/// `lifetime` instead of one per request (the lookup is most of a cached answer's cost).
///
/// Signing out and saving a person's preferences through this server forget their entries at once. A change
/// made elsewhere (another server on the same PostgreSQL database, the CLI) is seen within `lifetime`, and
/// a session past its expiry is never answered.
final class SessionCache: Sendable {
    private struct Entry {
        let session: UserDirectory.Session
        let fetched: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// Moves on every forget, so a lookup that started before a sign-out cannot keep what it found.
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    let lifetime: Duration
    let capacity: Int

    init(lifetime: Duration, capacity: Int = 10_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The session kept for `token`, if it was fetched within `lifetime` and has not expired by `now`.
    func session(for token: String, now: Date) -> UserDirectory.Session? {
        let cutoff = ContinuousClock.now - lifetime
        return state.withLock { state in
            guard let entry = state.entries[token] else { return nil }
            guard entry.fetched > cutoff, entry.session.expiresAt > now else {
                state.entries[token] = nil
                return nil
            }
            return entry.session
        }
    }

    /// Where forgetting has got to: take it before looking a session up, and hand it to `keep`.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps a session fetched for `token`, unless something was forgotten since the lookup began.
    func keep(_ session: UserDirectory.Session, for token: String, lookedUpAt generation: UInt64) {
        let now = ContinuousClock.now
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity {
                let cutoff = now - lifetime
                state.entries = state.entries.filter { $0.value.fetched > cutoff }
                if state.entries.count >= capacity { state.entries.removeAll() }
            }
            state.entries[token] = Entry(session: session, fetched: now)
        }
    }

    /// Forgets one token (signed out).
    func forget(token: String) {
        state.withLock { state in
            state.generation += 1
            state.entries[token] = nil
        }
    }

    /// Forgets every session of a person (their preferences changed).
    func forget(user: User.ID) {
        state.withLock { state in
            state.generation += 1
            state.entries = state.entries.filter { $0.value.session.user.id != user }
        }
    }
}

import Logging
import NIOCore
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// A leased PostgreSQL connection's SQL that refuses a query once the connection has closed, as an outage.
///
/// PostgresNIO (1.33) writes a query to its channel without a promise for the write: on a connection that closed
/// while a caller held it (the server went away between a transaction's statements, or during a sync's claim),
/// the channel drops the query and its caller waits forever. Found by a test that cuts the database under a sync:
/// the sync's claim released its lock on the dropped connection and hung. What is left is the moment between this
/// check and the write.
///
/// It also counts the statements it sends (`VaultDatabase.statementsSent`): each is a round trip to the server.
struct OpenConnectionSQL: ForwardingSQLDatabase {
    let connection: PostgresConnection
    let base: any SQLDatabase
    let sent: StatementCount

    init(_ connection: PostgresConnection, counting sent: StatementCount) {
        self.connection = connection
        self.base = connection.sql(queryLogLevel: .trace)
        self.sent = sent
    }

    func execute(
        sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void
    )
        -> EventLoopFuture<Void>
    {
        guard !connection.isClosed else { return eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel) }
        sent.add()
        return base.execute(sql: query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        guard !connection.isClosed else { throw ChannelError.ioOnClosedChannel }
        sent.add()
        try await base.execute(sql: query, onRow)
    }
}

/// How many statements a database's PostgreSQL connections have sent.
final class StatementCount: Sendable {
    private let count = Atomic<Int>(0)

    func add() { count.wrappingAdd(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}

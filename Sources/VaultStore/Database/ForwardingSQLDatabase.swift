import Logging
import NIOCore
import SQLKit

/// A connection's SQL wrapped by the store (`OpenConnectionSQL`, `SQLiteConnectionSQL`): what it does not run
/// itself, it takes from the driver's own `SQLDatabase`.
protocol ForwardingSQLDatabase: SQLDatabase {
    var base: any SQLDatabase { get }
}

extension ForwardingSQLDatabase {
    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }
}

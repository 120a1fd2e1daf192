import Testing
import VaultStore

/// What a PostgreSQL URL's options mean, and the clear refusals of ones that cannot work.
@Suite struct PostgresLocationTests {
    @Test("connect_timeout bounds the wait for a connection; 5 s unless given; nonsense is refused with the range")
    func connectTimeout() throws {
        #expect(try PostgresLocation(url: "postgres://gv@127.0.0.1/ghostvault").connectTimeout == .seconds(5))
        #expect(
            try PostgresLocation(url: "postgres://gv@127.0.0.1/ghostvault?connect_timeout=12").connectTimeout
                == .seconds(12))
        for bad in ["0", "301", "-3", "2.5", "soon", ""] {
            #expect {
                try PostgresLocation(url: "postgres://gv@127.0.0.1/ghostvault?connect_timeout=\(bad)")
            } throws: { error in
                (error as? StoreError)?.code == .configuration
                    && "\(error)".contains("a whole number of seconds from 1 to 300")
            }
        }
    }
}

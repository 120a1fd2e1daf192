import VaultCore
import VaultServices

extension BankFileFormat {
    /// `checkSize` as a vault error the pages and the API answer with 413.
    static func checkSizeForWeb(_ count: Int) throws {
        do { try checkSize(count) } catch { throw VaultError(.tooLarge, error.message) }
    }
}

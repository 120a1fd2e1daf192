import Foundation
import Testing

/// Golden files: the exact expected output, kept beside the tests in `Golden/`.
///
/// To regenerate after an intended change, run the tests with `GHOSTVAULT_UPDATE_GOLDEN=1`, then read
/// the diff (`git diff Tests/`) before committing it.
enum Golden {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GHOSTVAULT_UPDATE_GOLDEN"] == "1" {
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}

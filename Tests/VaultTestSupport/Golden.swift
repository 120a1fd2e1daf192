import Foundation
import Testing

/// Golden files: the exact expected output, kept in a `Golden/` folder beside the test file that checks it.
///
/// To regenerate after an intended change, run the tests with `GHOSTVAULT_UPDATE_GOLDEN=1`, then read
/// the diff (`git diff Tests/`) before committing it: a golden file is only as good as that reading.
public enum Golden {
    public static func check(
        _ actual: String, against name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let file = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GHOSTVAULT_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(actual == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
    }

    /// A value as pretty JSON with sorted keys, the form report golden files are kept in.
    public static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// The text with every UUID replaced by `<id-N>`, numbered by first appearance, so output that names
    /// freshly generated ids can still be compared byte for byte.
    public static func redactingIDs(_ text: String) -> String {
        let pattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
        var numbers: [String: Int] = [:]
        return text.replacing(pattern) { match in
            let id = String(match.output)
            if numbers[id] == nil { numbers[id] = numbers.count + 1 }
            return "<id-\(numbers[id]!)>"
        }
    }
}

import Foundation

/// How many generated inputs a property-based test checks: `GHOSTVAULT_PROPERTY_RUNS` when set (scripts/fuzz
/// sets it to its `--runs`), else `fallback`, small enough for every `swift test`.
///
/// A property-based test passes it as the count, in a suite whose name ends in `PropertyTests` (that is how
/// scripts/fuzz finds it): `await propertyCheck(count: PropertyRuns.count(), input: ...) { ... }`.
public enum PropertyRuns {
    /// The number of inputs to check.
    public static func count(fallback: Int = 100) -> Int {
        guard let text = ProcessInfo.processInfo.environment["GHOSTVAULT_PROPERTY_RUNS"], let runs = Int(text),
            runs > 0
        else { return fallback }
        return runs
    }
}

import Foundation

/// The fuzz targets: each reads outside input through a real parsing entry point and checks what must hold.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Pasted SimpleFIN setup tokens, claim URLs and access URLs.
    case setupToken = "setup-token"
    /// `/accounts` bodies in both SimpleFIN shapes (v1 and v2).
    case simplefinJSON = "simplefin-json"
    /// Money amounts as decimal text, in currencies of every exponent.
    case money
    /// Dates, months, weekdays and history ranges as text.
    case dates
    /// Rule filters as a person types them, compiled and matched against a few transactions.
    case ruleFilter = "rule-filter"
    /// A dataset workbook's XML parts: worksheets, shared strings, the sheet list, typed cells.
    case workbook
    /// Bank files: CSV (separator, mapping guess, rows), OFX/QFX and QIF.
    case csv, ofx, qif

    /// The target named on the command line; a `let`, read once, because libFuzzer's callback is a C function
    /// that cannot carry context.
    static let selected: FuzzTarget = {
        let arguments = CommandLine.arguments
        return arguments.count >= 2 ? FuzzTarget(rawValue: arguments[1]) ?? .money : .money
    }()

    /// Runs one input.
    func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .setupToken: SetupTokenTarget.run(Self.text(bytes))
        case .simplefinJSON: SimpleFINJSONTarget.run(Data(bytes))
        case .money: MoneyTarget.run(bytes)
        case .dates: DatesTarget.run(Self.text(bytes))
        case .ruleFilter: RuleFilterTarget.run(Self.text(bytes))
        case .workbook: WorkbookTarget.run(Data(bytes))
        case .csv: BankFilesTarget.csv(Data(bytes))
        case .ofx: BankFilesTarget.ofx(Data(bytes))
        case .qif: BankFilesTarget.qif(Data(bytes))
        }
    }

    /// The input as text, invalid UTF-8 replaced as an HTTP server or `String(decoding:)` would.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// Stops the run with a message when an invariant does not hold; libFuzzer saves the input that did it.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        fatalError("invariant broken: \(message())")
    }
}

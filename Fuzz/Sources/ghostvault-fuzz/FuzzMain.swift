import CLibFuzzer
import Foundation

/// `ghostvault-fuzz TARGET [libFuzzer flags] [corpus folders or input files]`: runs one fuzz target.
///
/// One program for every target, so the sanitizer build links once (scripts/fuzz builds it). The target is the
/// first argument; everything after it goes to libFuzzer unchanged. `main` calls `LLVMFuzzerRunDriver` instead
/// of letting libFuzzer's own `main` run because SwiftPM renames an executable's entry point and links its own
/// `main`, so libFuzzer's would never be called.
@main
enum FuzzMain {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
            printUsage()
            exit(2)
        }
        precondition(FuzzTarget.selected == target)
        // libFuzzer's argv: the program's name, then everything after the target's name.
        let kept = [CommandLine.unsafeArgv[0]] + (2..<Int(CommandLine.argc)).map { CommandLine.unsafeArgv[$0] }
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: kept.count + 1)
        argv.initialize(from: kept + [nil], count: kept.count + 1)
        var argc = Int32(kept.count)
        var argvPointer: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        let code = LLVMFuzzerRunDriver(&argc, &argvPointer) { data, size in
            FuzzTarget.selected.run(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
        exit(code)
    }

    static func printUsage() {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(
            Data("usage: ghostvault-fuzz TARGET [libFuzzer flags] [corpus ...]\ntargets: \(names)\n".utf8))
    }
}

import ArgumentParser

/// `ghostvault import`: bring data in from files. Each kind of file is a subcommand.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import data from files.",
        subcommands: [Bank.self])
}

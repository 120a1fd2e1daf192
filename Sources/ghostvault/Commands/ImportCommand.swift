import ArgumentParser

/// `ghostvault import`: bring data in from files. Each kind of file is a subcommand.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import data from files: a bank's CSV, OFX, QFX or QIF file, or a GhostVault dataset.",
        subcommands: [Bank.self, DatasetImportCommand.self])
}

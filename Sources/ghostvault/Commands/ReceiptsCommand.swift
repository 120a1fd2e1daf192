import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault receipts`: attach, list, save and delete the receipts of transactions.
struct ReceiptsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "Attach, list, save and delete receipts (photos and PDFs of transactions).",
        discussion: """
            A receipt is a JPEG, PNG, WebP or PDF file of at most \(ReceiptFile.maximumSizeText); its type is read \
            from the file's contents, not its name. Receipts are kept in the database with their transaction \
            and deleted with it.
            """,
        subcommands: [Add.self, List.self, Get.self, Delete.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Attach a file to a transaction.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The transaction's id (`ghostvault transactions --json` lists ids).")
        var transaction: String

        @Argument(help: "The receipt: a JPEG, PNG, WebP or PDF file.", completion: .file())
        var file: String

        func run() async throws {
            let url = URL(fileURLWithPath: file)
            // Refuse a huge file by its size before reading it into memory.
            if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
                size > ReceiptFile.maximumSize
            {
                throw VaultError(.tooLarge, ReceiptFile.Refusal.tooLarge(size: size).description)
            }
            let content: Data
            do {
                content = try Data(contentsOf: url)
            } catch {
                throw VaultError(
                    InvalidInput(field: "file", "Could not read \(file); check the path and its permissions."))
            }
            try await global.withHousehold { household, _ in
                let receipt = try await household.receipts.add(
                    to: transaction, fileName: url.lastPathComponent, content: content)
                if output.json {
                    try Terminal.printJSON(ReceiptView(receipt))
                } else {
                    Terminal.print(
                        "Attached \(receipt.fileName) (\(receipt.type.name), \(ReceiptFile.sizeText(receipt.byteSize))) "
                            + "as receipt \(receipt.id).")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a transaction's receipts, oldest first.")

        @OptionGroup var global: GlobalOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The transaction's id.")
        var transaction: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                let receipts = try await household.receipts.list(of: transaction)
                if output.json {
                    try Terminal.printJSON(receipts.map(ReceiptView.init))
                    return
                }
                guard !receipts.isEmpty else {
                    Terminal.print("This transaction has no receipts.")
                    return
                }
                let rows = receipts.map { receipt in
                    [
                        receipt.id.description, receipt.fileName, receipt.type.name,
                        ReceiptFile.sizeText(receipt.byteSize),
                    ]
                }
                Terminal.print(Terminal.table(["Id", "File", "Type", "Size"], rows, rightAligned: [3]))
                Terminal.print(receipts.count == 1 ? "1 receipt." : "\(receipts.count) receipts.")
            }
        }
    }

    struct Get: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Save a receipt's file.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The receipt's id (`ghostvault receipts list TRANSACTION_ID` lists them).")
        var receipt: String

        @Option(name: .shortAndLong, help: "Where to save the file.", completion: .file())
        var output: String

        @Flag(help: "Replace the file at --output if there is one.")
        var force = false

        func run() async throws {
            if !force, FileManager.default.fileExists(atPath: output) {
                throw ValidationError("\(output) already exists; choose another path or add --force to replace it.")
            }
            try await global.withHousehold { household, _ in
                let (receipt, content) = try await household.receipts.content(self.receipt)
                do {
                    try content.write(to: URL(fileURLWithPath: output))
                } catch {
                    throw VaultError(
                        InvalidInput(
                            field: "output", "Could not write \(output); check the folder and its permissions."))
                }
                Terminal.print(
                    "Saved \(receipt.fileName) (\(receipt.type.name), \(ReceiptFile.sizeText(receipt.byteSize))) "
                        + "to \(output).")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a receipt.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The receipt's id.")
        var receipt: String

        func run() async throws {
            try await global.withHousehold { household, _ in
                let deleted = try await household.receipts.delete(receipt)
                Terminal.print("Deleted the receipt \(deleted.fileName).")
            }
        }
    }
}

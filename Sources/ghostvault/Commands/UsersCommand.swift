import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault users`: sign-ins for the web app and the API.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Sign-ins for the web app and the API.",
        subcommands: [Add.self])

    /// `ghostvault users add EMAIL`: a sign-in for an existing household, such as the one `init` made.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a household a sign-in for the web app (the password is read from standard input).",
            discussion: """
                People who sign up in the web app get a household of their own. This gives an existing household, \
                such as the one `ghostvault init` made, a sign-in, so its data is reachable from `ghostvault serve`. \
                The password is the first line of standard input (or what you type at the prompt).
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The email address to sign in with.")
        var email: String

        func run() async throws {
            if isatty(STDIN_FILENO) == 1 { FileHandle.standardError.write(Data("Password: ".utf8)) }
            let password = readLine(strippingNewline: true) ?? ""
            try await global.withHousehold { scope, household in
                let user = try await scope.vault.users().addMember(email: email, password: password, to: household.id)
                Terminal.print("\(user.email) can now sign in to the household '\(household.name)'.")
            }
        }
    }
}

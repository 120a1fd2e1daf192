import ArgumentParser
import Foundation
import VaultCore
import VaultServices

/// `ghostvault users`: sign-ins for the web app and the API.
struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users",
        abstract: "Sign-ins for the web app and the API.",
        subcommands: [Add.self, Remove.self])

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

    /// `ghostvault users remove EMAIL --confirm EMAIL`: deletes a sign-in; the household goes with its last one.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Delete a person's account; with the household's last account, the household and its data go too.",
            discussion: """
                The person can no longer sign in. When others are members of the household, it stays for them with \
                all its data (the next oldest member becomes the owner when the owner leaves). When nobody else is, \
                the household goes too, with everything in it; only a `ghostvault export` made before can bring it back. \
                Confirm by typing the email address again.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The email address the person signs in with.")
        var email: String

        @Option(help: "The same email address again, to confirm.")
        var confirm = ""

        func run() async throws {
            try await global.withVault { vault in
                let users = vault.users()
                let user = try await users.account(email: email)
                switch try await users.deleteAccount(user, confirmation: confirm) {
                case .leftHousehold:
                    Terminal.print(
                        "Deleted \(user.email)'s account; the household and its data stay for its other members.")
                case .deletedHousehold:
                    Terminal.print("Deleted \(user.email)'s account and, as nobody else was a member, the household.")
                }
            }
        }
    }
}

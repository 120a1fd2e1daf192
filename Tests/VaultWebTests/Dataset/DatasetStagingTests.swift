import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VaultCore
import VaultServices
import VaultTestSupport

@testable import VaultWeb

/// Dataset uploads staged between the preview and the import: they never outlive their household's data.
@Suite struct DatasetStagingTests {
    @Test("a household's staged uploads go when its data is erased and when it is deleted; others' stay")
    func removedWithTheHousehold() async throws {
        try await withWeb { world in
            // Given
            let browser = try await world.connected("jo@example.com")
            let household = try await world.scope(of: "jo@example.com").householdID
            _ = try await world.connected("mallory@example.com")
            let theirs = try await world.scope(of: "mallory@example.com").householdID
            func staged(_ owner: Household.ID) throws -> URL {
                let (_, file) = try DatasetStaging.make(for: owner)
                try Data("PK".utf8).write(to: file)
                return file
            }
            let (ours, other) = (try staged(household), try staged(theirs))
            defer { try? FileManager.default.removeItem(at: other) }
            let headers: HTTPFields = [.init("X-CSRF-Token")!: try await browser.csrfToken(on: "/settings")]
            // When: the data is erased
            let erased = try await browser.request(
                "/api/v1/household/erase", method: .post, headers: headers, body: #"{"confirm":"ERASE"}"#,
                contentType: "application/json")
            // Then
            #expect(erased.status == .ok)
            #expect(!FileManager.default.fileExists(atPath: ours.path))
            #expect(FileManager.default.fileExists(atPath: other.path))
            // When: the last member deletes their account, and the household with it
            let again = try staged(household)
            let deleted = try await browser.request(
                "/api/v1/me", method: .delete, headers: headers, body: #"{"confirm":"jo@example.com"}"#,
                contentType: "application/json")
            // Then
            #expect(try json(deleted)["removal"] as? String == "deleted-household")
            #expect(!FileManager.default.fileExists(atPath: again.path))
            #expect(FileManager.default.fileExists(atPath: other.path))
        }
    }
}

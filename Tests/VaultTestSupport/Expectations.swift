import Testing
import VaultCore
import VaultServices
import VaultStore

/// Expects `body` to fail with a store error of exactly this code.
public func expectStoreError(
    _ code: StoreError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected a store error \(code), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as StoreError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a store error \(code), got \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects `body` to fail with a vault error of exactly this code; returns it for further checks.
@discardableResult
public func expectVaultError(
    _ code: VaultError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> VaultError? {
    do {
        try await body()
        Issue.record("expected a vault error \(code), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as VaultError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected a vault error \(code), got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `body` to fail with a vault error of this code whose message (or one of its problems) says `message`.
public func expectVaultError(
    _ code: VaultError.Code, _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    guard let error = await expectVaultError(code, sourceLocation: sourceLocation, body) else { return }
    let text = ([error.message] + error.problems.map(\.message)).joined(separator: "\n")
    #expect(text.contains(message), "the error said: \(text)", sourceLocation: sourceLocation)
}

@testable import Apogee
import ClientFixtures
import Testing

extension ApogeeClient {
    /// Fetches launch 1's site, as the tests of a failing server or transport do, and expects
    /// it to throw an ``ApogeeError``.
    /// - Returns: The error, or `nil` (with the expectation failed) when none was thrown.
    func expectLaunchSiteFailure(sourceLocation: SourceLocation = #_sourceLocation) async -> ApogeeError? {
        await #expect(throws: ApogeeError.self, sourceLocation: sourceLocation) {
            try await fetch(query: LaunchSiteQuery(id: "1"))
        }
    }

    /// Fetches launch 1's site and requires it to fail with a transport error.
    /// - Returns: The transport error.
    /// - Throws: When the fetch did not fail, or failed with another error (both recorded).
    func expectLaunchSiteTransportFailure(sourceLocation: SourceLocation = #_sourceLocation) async throws -> TransportError {
        let error = await expectLaunchSiteFailure(sourceLocation: sourceLocation)
        return try #require(error?.transportError, "expected a transport error, got \(String(describing: error))", sourceLocation: sourceLocation)
    }

    /// Expects the client's store to hold no record, after a request whose failure must not
    /// have written anything of its response.
    func expectNothingStored(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let stored = try store.recordCount()
        #expect(stored == 0, sourceLocation: sourceLocation)
    }
}

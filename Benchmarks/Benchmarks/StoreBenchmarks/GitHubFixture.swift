import Apogee
import ApogeeAPI
import ApogeeStore
import ApogeeTesting
import Foundation
import HTTPTypes

/// The recorded GitHub response (409 KB: 100 issues, 508 comments) and what the benchmarks
/// derive from it once, outside the measured region.
enum GitHubFixture {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/fixtures/github/IssuesAndCommentsForRepository.json")
        .standardizedFileURL

    /// The response as Foundation loads it, for the JSONSerialization baseline.
    static let data: Foundation.Data = {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            fatalError("the GitHub fixture is missing at \(url.path)")
        }
        return data
    }()

    /// The same bytes as an array, for our parser.
    static let bytes = [UInt8](data)

    static let query = IssuesAndCommentsForRepositoryQuery()

    /// Parses the response and returns its `data` object.
    static func parseData(_ bytes: [UInt8]) throws -> JSONObject {
        guard case .object(let response) = try JSONValue(parsing: bytes), case .object(let data)? = response["data"] else {
            throw FixtureError.noData
        }
        return data
    }

    /// Parses the response into a document and returns its `data` member.
    static func documentData(_ bytes: [UInt8]) throws -> JSONDocument.Value {
        guard let data = try JSONDocument(parsing: bytes).root.member("data") else { throw FixtureError.noData }
        return data
    }

    /// Reads the response's `data` into typed Data straight from the bytes.
    static func decodeData(_ bytes: [UInt8]) throws -> IssuesAndCommentsForRepositoryQuery.Data {
        try IssuesAndCommentsForRepositoryQuery.Data(parsed: try documentData(bytes))
    }

    /// A client whose every request is answered with the fixture, with a store of its own.
    static func cannedClient() -> ApogeeClient {
        let response = HTTPTransportResponse(
            head: HTTPResponse(status: .ok, headerFields: [.contentType: "application/graphql-response+json"]),
            body: data
        )
        return ApogeeClient(url: URL(fileURLWithPath: "/graphql"), store: NormalizedStore(), transport: CannedTransport(response: response))
    }

    /// A store holding the fixture, for the read benchmark.
    static func populatedStore() throws -> NormalizedStore {
        let store = NormalizedStore()
        try store.write(data: try parseData(bytes), for: query)
        return store
    }

    /// Checks, outside any measurement, that what the benchmarks time is right: the store
    /// reads back exactly the Data the response decodes to.
    static func verifyRoundTrip() throws {
        let data = try parseData(bytes)
        let store = NormalizedStore()
        try store.write(data: data, for: query)
        let read = try store.read(query)
        if let miss = read.miss { throw FixtureError.miss(miss) }
        guard read.value == (try IssuesAndCommentsForRepositoryQuery.Data(json: data)) else {
            throw FixtureError.readDiffersFromResponse
        }
        guard try decodeData(bytes) == read.value else { throw FixtureError.readDiffersFromResponse }
        let documentStore = NormalizedStore()
        try documentStore.write(data: try documentData(bytes), for: query)
        guard try documentStore.read(query).value == read.value else { throw FixtureError.readDiffersFromResponse }
    }

    enum FixtureError: Error {
        case noData
        case miss(CacheMiss)
        case readDiffersFromResponse
    }
}

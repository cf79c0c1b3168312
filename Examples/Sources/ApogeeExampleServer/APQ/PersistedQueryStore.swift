import ApogeeAPI
import Crypto
import NIOConcurrencyHelpers

/// Automatic persisted queries: documents remembered by the SHA-256 of their text, so a
/// client may send only the hash (`extensions.persistedQuery.sha256Hash`).
///
/// One store per endpoint: a hash names a document of one schema.
final class PersistedQueryStore: Sendable {
    private let documents = NIOLockedValueBox<[String: String]>([:])

    /// How many documents are remembered.
    var count: Int { documents.withLockedValue { $0.count } }

    /// The query text to run for `request`, or the request unchanged when it uses no
    /// persisted query. Throws the errors the APQ protocol defines.
    ///
    /// - Returns: the query, and the hash to remember once the query proved valid.
    func resolve(_ request: GraphQLHTTPRequest) throws(RequestRejection) -> (query: String, hashToRemember: String?) {
        guard let persisted = request.extensions["persistedQuery"] else {
            guard let query = request.query else {
                throw RequestRejection(status: .badRequest, message: "The request has no query.")
            }
            return (query, nil)
        }
        guard let fields = persisted.objectValue, case .int(let version)? = fields["version"], version == 1 else {
            throw RequestRejection(status: .badRequest, message: "Unsupported persisted query version; this server knows version 1.", code: "PERSISTED_QUERY_VERSION_NOT_SUPPORTED")
        }
        guard let hash = fields["sha256Hash"]?.stringValue?.lowercased() else {
            throw RequestRejection(status: .badRequest, message: "persistedQuery needs a sha256Hash string.")
        }
        guard let query = request.query else {
            guard let known = documents.withLockedValue({ $0[hash] }) else {
                // Status 200, as Apollo Server answers it: the client is expected to retry
                // with the document, which is not an error of the HTTP exchange.
                throw RequestRejection(status: .ok, message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND")
            }
            return (known, nil)
        }
        guard SHA256.hash(data: Array(query.utf8)).lowercaseHex == hash else {
            throw RequestRejection(status: .badRequest, message: "provided sha does not match query", code: "PERSISTED_QUERY_HASH_MISMATCH")
        }
        return (query, hash)
    }

    /// Remembers a document under its hash.
    func remember(_ query: String, hash: String) {
        documents.withLockedValue { $0[hash] = query }
    }
}

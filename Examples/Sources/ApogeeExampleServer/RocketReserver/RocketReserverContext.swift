import Foundation

/// What RocketReserver's resolvers know about one request: the server's state and who asks.
struct RocketReserverContext: Sendable {
    let store: RocketReserverStore
    /// The session token: the raw value of the `Authorization` header.
    let token: String?
    /// Files of a multipart request, by the key the `Upload` variables were replaced with.
    let uploads: [String: UploadedFile]
    /// Told when a subscription's source stops; `nil` outside subscriptions.
    let sourceLifetime: SourceLifetime?

    init(store: RocketReserverStore, authorization: String?, uploads: [String: UploadedFile] = [:], sourceLifetime: SourceLifetime? = nil) {
        self.store = store
        self.uploads = uploads
        self.sourceLifetime = sourceLifetime
        self.token = Self.token(fromAuthorization: authorization)
    }

    /// The session token of an `Authorization` value (the HTTP header, or the field of a
    /// WebSocket's `connection_init` payload): the raw value, as the tutorial's server takes
    /// it, with no scheme; `nil` when blank. `Bearer <token>` is a token that no one has, so a
    /// client that adds a scheme is refused here as it would be there.
    static func token(fromAuthorization authorization: String?) -> String? {
        guard let authorization = authorization?.trimmingCharacters(in: .whitespaces), !authorization.isEmpty else {
            return nil
        }
        return authorization
    }

    /// The user of the token, or `nil` when there is no token or it is unknown.
    func currentUserIfValid() async -> RocketUser? {
        guard let token else { return nil }
        return await store.user(token: token)
    }

    /// The user of the token; `nil` when no token was sent, an error when the token is unknown.
    func currentUser() async throws -> RocketUser? {
        guard let token else { return nil }
        guard let user = await store.user(token: token) else {
            throw ResolverError.unauthenticated("The Authorization token is not valid; log in again.")
        }
        return user
    }

    /// The user of the token, or an error when there is none: for operations that need a login.
    func requireUser() async throws -> RocketUser {
        guard let user = try await currentUser() else {
            throw ResolverError.unauthenticated("You must be logged in: send the token from login in the Authorization header.")
        }
        return user
    }
}

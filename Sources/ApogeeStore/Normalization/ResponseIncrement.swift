import ApogeeAPI

/// What one payload of an incremental delivery (`@defer`, `@stream`) added to the data of
/// the payloads before it, at its place in the response: the part of the response the store
/// writes when that payload comes, rather than the whole response again.
package struct ResponseIncrement: Sendable, Equatable {
    /// What the increment brought.
    package enum Content: Sendable, Equatable {
        /// A deferred fragment's fields, by response key, for the object at the path.
        case fields([String])
        /// Streamed items: the list at the path has them from `start` on.
        case items(start: Int)
    }

    /// Where the increment goes: the object a deferred fragment belongs to, or the field that
    /// holds a streamed list.
    package var path: ResponsePath
    package var content: Content

    /// An increment at `path`.
    package init(path: ResponsePath, content: Content) {
        self.path = path
        self.content = content
    }
}

extension LaunchConnection {
    static let defaultPageSize = 20
    private static let cursorPrefix = "launch"

    /// The page of `pageSize` launches that follows the launch named by `after`.
    ///
    /// - Parameter newestFirst: every launch, in the order pages list them.
    static func page(of newestFirst: [Launch], pageSize: Int?, after: String?) throws -> LaunchConnection {
        let size = pageSize ?? defaultPageSize
        guard size >= 1 else {
            throw ResolverError.badInput("pageSize must be at least 1, not \(size).")
        }
        var start = 0
        if let after {
            guard let number = OpaqueCursor.decode(after, prefix: cursorPrefix),
                let index = newestFirst.firstIndex(where: { $0.id.rawValue == String(number) })
            else {
                throw ResolverError.badInput("The cursor \"\(after)\" is not one this server gave out.")
            }
            start = index + 1
        }
        let end = min(start + size, newestFirst.count)
        let launches = start < end ? Array(newestFirst[start..<end]) : []
        let pageCursor = launches.last.map { Self.cursor(of: $0) } ?? after ?? ""
        return LaunchConnection(cursor: pageCursor, hasMore: end < newestFirst.count, launches: launches)
    }

    private static func cursor(of launch: Launch) -> String {
        OpaqueCursor.encode(prefix: cursorPrefix, value: Int(launch.id.rawValue) ?? 0)
    }
}

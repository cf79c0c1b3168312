import ApogeeStore

/// The base records the optimistic benchmarks' stores start from.
enum TodoRecords {
    /// `count` open to-dos, `Todo:0` up.
    static func make(_ count: Int) -> [Record] {
        (0..<count).map { index in
            Record(key: CacheKey("Todo:\(index)"), fields: [
                "__typename": .scalar("Todo"),
                "id": .scalar(.string("\(index)")),
                "text": .scalar(.string("To-do \(index)")),
                "complete": .scalar(false),
            ])
        }
    }
}

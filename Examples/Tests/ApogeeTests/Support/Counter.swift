/// Counts calls, across tasks.
actor Counter {
    /// The calls counted so far.
    private(set) var value = 0

    /// Counts one more call and returns the count.
    @discardableResult
    func next() -> Int {
        value += 1
        return value
    }
}

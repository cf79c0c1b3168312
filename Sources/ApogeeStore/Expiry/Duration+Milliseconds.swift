extension Duration {
    /// The duration in whole milliseconds, the unit expiry times are kept in; a duration too
    /// long for that is `Int64.max`, which never comes.
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (sum, sumOverflow) = product.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return sumOverflow ? .max : sum
    }
}

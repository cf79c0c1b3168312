/// Parameter lists for statements that carry many rows at once: one statement for many rows
/// steps through SQLite's virtual machine once, where a statement per row would repeat it.
enum SQLPlaceholders {
    /// The most parameters one statement is given. The bundled SQLite allows 250,000; staying
    /// well below keeps a statement's text and its compilation small.
    static let maximumParameters = 30_000

    /// `?, ?, ?` for an `IN (…)` list.
    static func list(_ count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 3)
        for index in 0..<count {
            text += index == 0 ? "?" : ", ?"
        }
        return text
    }

    /// `(?, ?), (?, ?)` for a multi-row `VALUES`: `rows` rows of `columns` parameters.
    static func rows(_ rows: Int, columns: Int) -> String {
        let row = "(" + list(columns) + ")"
        var text = ""
        text.reserveCapacity(rows * (row.utf8.count + 2))
        for index in 0..<rows {
            if index > 0 { text += ", " }
            text += row
        }
        return text
    }

    /// Splits items into batches that fit in one statement at `columns` parameters each.
    static func batches<Item>(_ items: [Item], columns: Int) -> [ArraySlice<Item>] {
        let size = max(1, maximumParameters / columns)
        return stride(from: 0, to: items.count, by: size).map { items[$0..<min($0 + size, items.count)] }
    }
}

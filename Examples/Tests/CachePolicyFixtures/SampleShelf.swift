/// A shelf as the library's server would send it, for the tests of keys, expiry, pending
/// writes and partial reads: two editions of one book, and a film and an album.
public enum SampleShelf {
    /// The `data` of a `Shelf` query.
    public static let data: JSONObject = [
        "books": [
            ["__typename": "Book", "isbn": "978-0", "edition": 1, "title": "Dune"],
            ["__typename": "Book", "isbn": "978-0", "edition": 2, "title": "Dune (revised)"],
        ],
        "media": [
            ["__typename": "Film", "code": "F-7", "title": "Arrival", "minutes": 116],
            ["__typename": "Album", "code": "A-3", "title": "Blue"],
        ],
    ]

    /// The record key of the first edition, by its composite key.
    public static let firstEditionKey = #"Book:{"edition":1,"isbn":"978-0"}"#
}

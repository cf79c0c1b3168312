/// The incremental delivery directives, `@defer` and `@stream`, as the incremental delivery
/// proposal declares them. Code generation knows them when the schema does not declare them
/// (as Apollo iOS does), and keeps them in the document sent: the server acts on them.
enum IncrementalDirectives {
    /// The declarations, by name.
    static let declarations: [(name: String, sdl: String)] = [
        ("defer", "directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT"),
        ("stream", "directive @stream(label: String, if: Boolean! = true, initialCount: Int! = 0) on FIELD"),
    ]
}

/// The opening line of every type the generator declares.
///
/// Every generated type is `nonisolated`. A target built with default main-actor isolation
/// (SE-0466, which new Xcode app targets use) puts each of its declarations that says nothing
/// else on the main actor, and with it the type's static properties and initializers, which the
/// client and the store read off the main actor. A generated type that conforms to one of
/// ApogeeAPI's `Sendable` protocols is inferred nonisolated by the compiler anyway, but
/// `SchemaCachePolicy` conforms to nothing and would not be; saying it on every type keeps one
/// rule that does not lean on that inference. In a target without default isolation the word
/// changes nothing.
enum TypeDeclaration {
    /// `public nonisolated <kind> <name>: <conformances>`, where `kind` is `struct`, `enum` or
    /// `indirect enum`.
    static func header(_ kind: String, _ name: String, conformances: String? = nil) -> String {
        "public nonisolated \(kind) \(name)" + (conformances.map { ": " + $0 } ?? "")
    }
}

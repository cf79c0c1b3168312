/// Swift spellings of GraphQL names: keywords escaped, cases in lower camel case, type names
/// capitalized and singular where a list gives a type its name.
enum SwiftNames {
    /// Words that need backticks as identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "_", "Type", "Protocol", "some", "any", "borrowing", "consuming", "package",
    ]

    /// Type names generated code relies on, and names that cannot name a nested type; a
    /// nested selection set type never takes one of them.
    static let reservedTypeNames: Set<String> = [
        "Type", "Self", "Protocol", "Any", "Data", "Fragments", "String", "Int", "Double", "Bool", "Float",
        "Selection", "SelectionSet", "RootSelectionSet", "Fragment", "JSONObject", "JSONValue", "ResponseObject",
        "ResponseDecodingError", "InputField", "InputValue", "InputObject", "GraphQLNullable", "Upload", "Optional",
        "Array", "Set", "Dictionary", "Hashable", "Sendable", "Swift", "ApogeeAPI", "EnumValue", "CaseIterable",
        "CustomScalar", "Error", "Result", "Deferred",
    ]

    /// Custom scalar names that would shadow a common Swift or Foundation type if generated
    /// as a type alias; fields of these scalars use the mapped Swift type directly.
    static let scalarNamesWithoutAlias: Set<String> = [
        "Date", "URL", "UUID", "Data", "Decimal", "Locale", "TimeZone", "Calendar", "Character", "Error", "Result",
        "Optional", "Array", "Set", "Dictionary", "Float", "Double", "Int", "String", "Bool", "Any", "Type", "JSON",
        "JSONValue", "JSONObject", "Upload", "Selection", "Void", "Never", "Duration", "Range",
    ]

    /// An identifier, backticked when it is a keyword.
    static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An initializer parameter for a property: its declaration (label and name) and the name
    /// to read it by. A parameter named `self` would hide `self` in the body, so it gets an
    /// inner name.
    static func parameter(_ property: String) -> (declaration: String, value: String) {
        property == "`self`" ? ("`self` self_", "self_") : (property, property)
    }

    /// How a property is read inside its type: `` `self` `` alone would mean the value itself.
    static func access(_ property: String) -> String {
        property == "`self`" ? "self.`self`" : property
    }

    /// `launches` → `Launches`.
    static func capitalized(_ name: String) -> String {
        guard let first = name.first else { return name }
        if first == "_" {
            let trimmed = name.drop(while: { $0 == "_" })
            return String(name.prefix(name.count - trimmed.count)) + capitalized(String(trimmed))
        }
        return first.uppercased() + name.dropFirst()
    }

    /// The Swift type of a fragment, capitalized as types are: `fragment heroFragment` gives
    /// `HeroFragment`, so that the property `fragments.heroFragment` does not hide it.
    static func fragmentTypeName(_ name: String) -> String {
        capitalized(name)
    }

    /// The property that holds a fragment in `Fragments`: its type's name in lower camel case,
    /// never the type's name itself (`_Bits` stays `_Bits` in lower camel case).
    static func fragmentPropertyName(_ name: String) -> String {
        let typeName = fragmentTypeName(name)
        return identifier(unique(lowerFirst(typeName), avoiding: [typeName]))
    }

    /// `LaunchTile` → `launchTile`, `URLDetails` → `urlDetails`.
    static func lowerFirst(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return name }
        let lowered: Int
        if upperRun == characters.count || upperRun == 1 {
            lowered = upperRun
        } else {
            lowered = characters[upperRun].isLetter ? upperRun - 1 : upperRun
        }
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }

    /// An enum value as a Swift case name: `MERGE_COMMIT` → `mergeCommit`, `asc` → `asc`.
    static func caseName(_ value: String) -> String {
        let leadingUnderscores = value.prefix(while: { $0 == "_" })
        let rest = value.dropFirst(leadingUnderscores.count)
        let hasLowercase = rest.contains(where: \.isLowercase)
        if hasLowercase, !rest.contains("_") {
            return String(leadingUnderscores) + lowerFirst(String(rest))
        }
        let words = rest.split(separator: "_").map { $0.lowercased() }
        guard let first = words.first else { return value }
        return String(leadingUnderscores) + first + words.dropFirst().map { capitalized($0) }.joined()
    }

    /// The singular of an English plural, for naming the type of one element of a list:
    /// `launches` → `launch`, `nodes` → `node`, `entries` → `entry`.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        for ending in ["sses", "ches", "shes", "xes", "zzes", "tuses"] where lower.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("us") || lower.hasSuffix("is") { return word }
        if lower.hasSuffix("s"), word.count > 1 { return String(word.dropLast()) }
        return word
    }

    /// A name not in `taken`, made by adding underscores.
    static func unique(_ name: String, avoiding taken: Set<String>) -> String {
        var candidate = name
        while taken.contains(candidate) { candidate += "_" }
        return candidate
    }
}

extension SwiftNames {
    /// The struct of a deferred inline fragment, from its label in upper camel case:
    /// `missionDetails` and `mission-details` give `MissionDetails`. A label with no letter or
    /// digit gives `Deferred`; one that starts with a digit gets a leading underscore.
    static func deferredTypeName(_ label: String) -> String {
        let words = label.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        let name = words.map { capitalized(String($0)) }.joined()
        guard let first = name.first else { return "DeferredFragment" }
        return first.isNumber ? "_" + name : name
    }
}

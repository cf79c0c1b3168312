@testable import ApogeeCodegen
import Foundation
import Testing

/// Apogee answers whether operations are valid itself, from its schema index, and leaves the
/// finding and wording of errors to GraphQLSwift's validation. The answer must never be yes
/// for a document GraphQLSwift refuses: each broken document here is refused, with
/// GraphQLSwift's words, only if Apogee's check said no.
@Suite("Apogee's own validation of operations")
struct ValidityCheckTests {
    static let schema = """
        schema { query: Query mutation: Mutation }
        type Query {
          dog(id: ID!): Dog
          pet: Pet
          search(filter: Filter, first: Int = 10, kinds: [Kind!]): [Result]
          node(id: ID!): Node
          count(n: Int!): Int
          when: Date
        }
        scalar Date
        enum Kind { DOG CAT }
        input Filter { name: String! kind: Kind size: Float tags: [String!] }
        interface Node { id: ID! }
        interface Pet { name: String! }
        type Dog implements Pet & Node { id: ID! name: String! barks: Boolean owner: Person }
        type Cat implements Pet { name: String! meows: Boolean }
        type Person { name: String }
        union Result = Dog | Cat
        type Mutation { rename(id: ID!, name: String!): Dog }
        directive @tag(name: String!) repeatable on FIELD
        directive @once on FIELD
        directive @note(when: Boolean) on VARIABLE_DEFINITION
        """

    /// A document broken in one rule's way, and what GraphQLSwift's error says.
    struct Broken: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var testDescription: String { text }
    }

    static let broken: [Broken] = [
        Broken(text: #"query Q { dog(id: "1") { nme } }"#, message: #"Cannot query field "nme" on type "Dog"."#),
        Broken(text: #"query Q { search { name } }"#, message: #"Cannot query field "name" on type "Result"."#),
        Broken(text: #"query Q { dog(id: "1") { name { x } } }"#, message: "must not have a selection"),
        Broken(text: #"query Q { pet { __typename { x } } }"#, message: "must not have a selection"),
        Broken(text: #"query Q { dog(id: "1") }"#, message: "must have a selection of subfields"),
        Broken(text: #"query Q { dog(id: "1", x: 1) { name } }"#, message: #"does not have argument "x""#),
        Broken(text: #"query Q { __typename(x: 1) }"#, message: #"does not have argument "x""#),
        Broken(text: #"query Q { dog(id: "1", id: "2") { name } }"#, message: #"There can be only one argument named "id"."#),
        Broken(text: #"query Q { dog { name } }"#, message: #"argument "id" of type "ID!" is required"#),
        Broken(text: #"mutation M { rename(id: "1") { name } }"#, message: #"argument "name" of type "String!" is required"#),
        Broken(text: #"query Q { count(n: "x") }"#, message: "Int cannot represent non-integer value"),
        Broken(text: #"query Q { count(n: null) }"#, message: #"Expected value of type "Int!", found null."#),
        Broken(text: #"query Q { dog(id: 1.5) { name } }"#, message: "ID cannot represent"),
        Broken(text: #"query Q { dog(id: true) { name } }"#, message: "ID cannot represent"),
        Broken(text: #"query Q { search(kinds: [FOX]) { __typename } }"#, message: #"Value "FOX" does not exist in "Kind" enum."#),
        Broken(text: #"query Q { search(kinds: "DOG") { __typename } }"#, message: "cannot represent non-enum value"),
        Broken(text: #"query Q { search(filter: {name: "a", color: 1}) { __typename } }"#, message: #"Field "color" is not defined by type "Filter"."#),
        Broken(text: #"query Q { search(filter: {kind: DOG}) { __typename } }"#, message: #"Field "Filter.name" of required type "String!" was not provided."#),
        Broken(text: #"query Q { search(filter: {name: "a", name: "b"}) { __typename } }"#, message: #"There can be only one input field named "name"."#),
        Broken(text: #"query Q { search(filter: {name: "a", tags: [1]}) { __typename } }"#, message: "String cannot represent a non-string value"),
        Broken(text: #"query Q { search(filter: {name: "a", size: "big"}) { __typename } }"#, message: "Float cannot represent non-numeric value"),
        Broken(text: #"query Q($x: Nope) { count(n: 1) }"#, message: #"Variable "$x" is never used"#),
        Broken(text: #"query Q($x: Nope) { count(n: $x) }"#, message: #"Unknown type "Nope"."#),
        Broken(text: #"query Q($x: Dog) { count(n: $x) }"#, message: #"Variable "$x" cannot be non-input type "Dog"."#),
        Broken(text: #"query Q { count(n: $x) }"#, message: #"Variable "$x" is not defined by operation "Q"."#),
        Broken(text: #"query Q($x: Int) { pet { name } }"#, message: #"Variable "$x" is never used in operation "Q"."#),
        Broken(text: #"query Q($x: Int!, $x: Int!) { count(n: $x) }"#, message: #"There can be only one variable named "$x"."#),
        Broken(text: #"query Q($x: String!) { count(n: $x) }"#, message: #"Variable "$x" of type "String!" used in position expecting type "Int!"."#),
        Broken(text: #"query Q($x: Int) { count(n: $x) }"#, message: #"Variable "$x" of type "Int" used in position expecting type "Int!"."#),
        Broken(text: #"query Q($k: Kind) { search(kinds: $k) { __typename } }"#, message: #"used in position expecting type "[Kind!]""#),
        Broken(text: #"query Q($x: Int = "a") { count(n: $x) }"#, message: "Int cannot represent non-integer value"),
        Broken(text: #"query Q { dog(id: "1") { ...Nope } }"#, message: #"Unknown fragment "Nope"."#),
        Broken(text: #"query Q { pet { ...F } } fragment F on Nope { name }"#, message: #"Unknown type "Nope"."#),
        Broken(text: #"query Q { when ...F } fragment F on Date { x }"#, message: #"cannot condition on non composite type "Date""#),
        Broken(text: #"query Q { dog(id: "1") { ... on Cat { meows } } }"#, message: #"can never be of type "Cat""#),
        Broken(text: #"query Q { dog(id: "1") { ...C } } fragment C on Cat { meows }"#, message: #"can never be of type "Cat""#),
        Broken(text: #"query Q { dog(id: "1") { ...A } } fragment A on Dog { name ...B } fragment B on Dog { barks ...A }"#, message: #"Cannot spread fragment "A" within itself"#),
        Broken(text: #"query Q { dog(id: "1") { name @nope } }"#, message: #"Unknown directive "@nope"."#),
        Broken(text: #"query Q @skip(if: true) { count(n: 1) }"#, message: #"Directive "@skip" may not be used on QUERY."#),
        Broken(text: #"query Q { dog(id: "1") { name @once @once } }"#, message: #"The directive "@once" can only be used once at this location."#),
        Broken(text: #"query Q { dog(id: "1") { name @include } }"#, message: #"Directive "@include" argument "if" of type "Boolean!" is required"#),
        Broken(text: #"query Q { dog(id: "1") { name @tag } }"#, message: #"Directive "@tag" argument "name" of type "String!" is required"#),
        Broken(text: #"query Q { dog(id: "1") { name @skip(if: true, x: 1) } }"#, message: #"does not have argument "x""#),
        Broken(text: #"query Q { dog(id: "1") { ...F } } fragment F on Dog { owner @include(if: $show) { name } }"#, message: #"Variable "$show" is not defined by operation "Q"."#),
        Broken(text: #"query Q($n: String!) { dog(id: "1") { ...F } } fragment F on Dog { owner @include(if: $n) { name } }"#, message: #"used in position expecting type "Boolean!""#),
        Broken(text: #"query Q($a: Boolean, $b: Int! @note(when: $a)) { count(n: $b) }"#, message: #"Variable "$a" is never used in operation "Q"."#),
    ]

    @Test("A broken document is refused, in GraphQLSwift's words", arguments: broken)
    func brokenDocumentIsRefused(_ broken: Broken) throws {
        let schema = try CodegenSchema(sdl: Self.schema, fileName: "s.graphqls")
        let file = OperationFile(path: "Q.graphql", text: broken.text)
        do {
            let parsed = try ParsedOperations(files: [file], schema: schema)
            Issue.record("accepted (Apogee's own check: \(parsed.passedValidityCheck))")
        } catch {
            #expect(error.description.contains(broken.message), "\(error.description)")
        }
    }

    @Test("Valid documents that use every rule pass Apogee's check, and GraphQLSwift's validation does not run")
    func validDocumentsPassTheOwnCheck() throws {
        let schema = try CodegenSchema(sdl: Self.schema, fileName: "s.graphqls")
        let text = """
            query Rich($id: ID!, $kinds: [Kind!] = [DOG], $name: String!, $show: Boolean = true, $size: Float) {
              dog(id: $id) { ...DogParts name @tag(name: "a") @tag(name: "b") }
              search(filter: {name: $name, kind: DOG, size: $size, tags: "one"}, kinds: $kinds) {
                __typename
                ... on Dog { barks }
                ... on Cat { meows }
                ... on Pet { name }
              }
              pet { name ... on Node { id } ...PetParts }
              when
              count(n: 3)
              node(id: 7) { id }
              fast: count(n: -2) @skip(if: false)
            }
            fragment DogParts on Dog { owner @include(if: $show) { name } }
            fragment PetParts on Pet { __typename ... on Dog { id } }
            mutation Rename($id: ID!, $name: String = "Rex") { rename(id: $id, name: $name) { name } }
            """
        let parsed = try ParsedOperations(files: [OperationFile(path: "Rich.graphql", text: text)], schema: schema)
        #expect(parsed.passedValidityCheck)
        #expect(schema.passedTypeSystemCheck)
        let generated = try CodeGenerator(schema: schema).generate(parsed)
        #expect(generated.map(\.name).contains("Rich.graphql.swift"))
    }

    /// The valid document below, changed one token at a time in every way the vocabulary
    /// allows: every change that Apogee's check passes, GraphQLSwift's validation passes too.
    @Test("No one-token change to a valid document passes Apogee's check and fails GraphQLSwift's")
    func oneTokenChangesAgreeWithGraphQLSwift() throws {
        let schema = try CodegenSchema(sdl: Self.schema, fileName: "s.graphqls")
        let text = """
            query Q($id: ID!, $kinds: [Kind!] = [DOG], $name: String!, $show: Boolean = true, $n: Int) {
              dog(id: $id) { ...DogParts name @tag(name: "a") }
              search(filter: {name: $name, kind: DOG, tags: "one"}, kinds: $kinds) {
                ... on Dog { barks } ... on Pet { name }
              }
              pet { ... on Node { id } }
              count(n: 3) @skip(if: false)
              when
              first: search(first: $n) { __typename }
            }
            fragment DogParts on Dog { owner @include(if: $show) { name } }
            """
        let pattern = /\$?[_A-Za-z][_A-Za-z0-9]*|-?[0-9]+(\.[0-9]+)?|"[^"]*"|\.\.\.|[!=:@(){}\[\],|$]/
        let tokens = text.matches(of: pattern).map { String($0.output.0) }
        let replacements = [
            "", "Int", "Int!", "String", "Boolean!", "ID", "Kind", "[Kind!]", "Filter", "Dog", "Cat", "Pet", "Result",
            "Date", "Nope", "name", "id", "barks", "owner", "dog", "search", "DOG", "FOX", "true", "null", "1", "2.5",
            "\"s\"", "$id", "$n", "$show", "$kinds", "$nope", "@skip", "@include", "@tag", "@once", "filter", "kinds",
            "first", "if", "[", "]", "{", "}", "!",
        ]
        var checked = 0
        for position in tokens.indices {
            for replacement in replacements where replacement != tokens[position] {
                var changed = tokens
                changed[position] = replacement
                let file = OperationFile(path: "Q.graphql", text: changed.joined(separator: " "))
                guard let parsed = try? ParsedOperations(files: [file], schema: schema), parsed.passedValidityCheck else { continue }
                checked += 1
                let errors = try ParsedOperations.graphQLSwiftDiagnostics(of: [file], schema: schema)
                #expect(errors.isEmpty, "\(file.text): \(errors.map(\.description))")
            }
        }
        // The changes that keep the document valid, checked by both.
        #expect(checked > 50)
    }

    @Test("Where the check is stricter than the rules, GraphQLSwift's validation decides and the document generates")
    func stricterThanTheRulesStillGenerates() throws {
        let schema = try CodegenSchema(sdl: Self.schema, fileName: "s.graphqls")
        // GraphQLSwift's Int takes a literal beyond 32 bits; Apogee's check leaves it to it.
        let file = OperationFile(path: "Q.graphql", text: "query Q { count(n: 3000000000) }")
        let parsed = try ParsedOperations(files: [file], schema: schema)
        #expect(!parsed.passedValidityCheck)
    }

    @Test("The examples' and GitHub's schemas and operations pass Apogee's own checks")
    func realSchemasAndOperationsPass() throws {
        let rocketReserver = try CodegenSchema(
            sdl: TestFiles.text(TestFiles.rocketReserverSchema), fileName: "schema.graphqls",
            extensions: TestFiles.rocketReserverExtensions())
        let todo = try TestFiles.schema(TestFiles.repositoryRoot.appendingPathComponent("Examples/TodoAPI/schema.graphqls"), name: "schema.graphqls")
        let github = try TestFiles.schema(TestFiles.shared.appendingPathComponent("fixtures/github/schema.graphqls"), name: "schema.graphqls")
        let githubOperation = OperationFile(
            path: "IssuesAndCommentsForRepository.graphql",
            text: try TestFiles.text(TestFiles.shared.appendingPathComponent("fixtures/github/IssuesAndCommentsForRepository.graphql")))
        let cases: [(CodegenSchema, [OperationFile])] = [
            (rocketReserver, try TestFiles.operationFiles(in: "Examples/RocketReserverAPI")),
            (todo, try TestFiles.operationFiles(in: "Examples/TodoAPI")),
            (github, [githubOperation]),
        ]
        for (schema, files) in cases {
            #expect(schema.passedTypeSystemCheck, "\(files.map(\.path))")
            let parsed = try ParsedOperations(files: files, schema: schema)
            #expect(parsed.passedValidityCheck, "\(files.map(\.path))")
        }
    }
}

/// Apogee answers whether a schema is valid itself, from its index, and leaves the finding
/// and wording of errors to GraphQLSwift's `validateSchema`. Each broken schema here is refused,
/// with GraphQLSwift's words, only if Apogee's check said no.
@Suite("Apogee's own check of schemas")
struct TypeSystemCheckTests {
    static let broken: [ValidityCheckTests.Broken] = [
        .init(text: "type Query { a: Int } type Empty", message: "Type Empty must define one or more fields."),
        .init(text: "type Query { a(i: In): Int } input In", message: "Input Object type In must define one or more fields."),
        .init(text: "type Query { a: E } enum E", message: "Enum type E must define one or more values."),
        .init(text: "type Query { a: In } input In { x: Int }", message: "must be Output Type"),
        .init(text: "type Query { a(x: Query): Int }", message: "must be Input Type"),
        .init(text: "input In { q: Query } type Query { a(i: In): Int }", message: "The type of In.q must be Input Type"),
        .init(text: "directive @d(x: Query) on FIELD type Query { a: Int }", message: "must be Input Type"),
        .init(text: "type Query { a: U } interface I { x: Int } union U = I", message: "can only include Object types"),
        .init(text: "type Query { a: U } type A { x: Int } union U = A | A", message: "Union type U can only include type A once."),
        .init(text: "type Query { a: I } interface I { a: Int } type T implements I { b: Int }", message: "Interface field I.a expected but T does not provide it."),
        .init(text: "type Query { a: I } interface I { a: Int } type T implements I { a: String }", message: "Interface field I.a expects type Int but T.a is type String."),
        .init(text: "type Query { a: I } interface I { a(x: Int): Int } type T implements I { a: Int }", message: "Interface field argument I.a(x:) expected but T.a does not provide it."),
        .init(text: "type Query { a: I } interface I { a(x: Int): Int } type T implements I { a(x: String): Int }", message: "Interface field argument I.a(x:) expects type Int"),
        .init(text: "type Query { a: I } interface I { a: Int } type T implements I { a(y: Int!): Int }", message: #"Argument "T.a(y:)" must not be required"#),
        .init(text: "type Query { a: T } type T implements Query { a: T }", message: "Type T must only implement Interface types"),
        .init(text: "type Query { a: I } interface I { a: Int } type T implements I & I { a: Int }", message: "Type T can only implement I once."),
        .init(text: "type Query { a: I } interface I implements I { a: Int }", message: "Type I cannot implement itself"),
        .init(text: "type Query { a: B } interface A { x: Int } interface B implements A { x: Int } type T implements B { x: Int }", message: "Type T must implement A because it is implemented by B."),
        .init(text: "type Query { a(i: In): Int } input In { self: In! }", message: #"Cannot reference Input Object "In" within itself"#),
        .init(text: "type Query { a(o: O): Int } input O @oneOf { a: Int! b: Int }", message: "OneOf input field O.a must be nullable."),
        .init(text: "type Query { a(x: Int! @deprecated): Int }", message: "Required argument Query.a(x:) cannot be deprecated."),
        .init(text: "type Query { a(i: In): Int } input In { a: Int = 1 b: Int! @deprecated }", message: "Required input field In.b cannot be deprecated."),
        .init(text: "schema { query: In } type Query { a: Int } input In { x: Int }", message: "Query root type must be Object type"),
        .init(text: "schema { query: Query mutation: In } type Query { a: Int } input In { x: Int }", message: "Mutation root type must be Object type"),
        .init(text: "type Query { __x: Int }", message: #"Name "__x" must not begin with "__""#),
        .init(text: "type Query { a: Int } type __T { a: Int }", message: #"Name "__T" must not begin with "__""#),
        .init(text: "directive @__d on FIELD type Query { a: Int }", message: #"Name "__d" must not begin with "__""#),
        .init(text: "scalar S @specifiedBy(url: 1) type Query { a: S }", message: #"Argument "url" got invalid value"#),
    ]

    @Test("A broken schema is refused, in GraphQLSwift's words", arguments: broken)
    func brokenSchemaIsRefused(_ broken: ValidityCheckTests.Broken) {
        do {
            let schema = try CodegenSchema(sdl: broken.text, fileName: "s.graphqls")
            Issue.record("accepted (Apogee's own check: \(schema.passedTypeSystemCheck))")
        } catch {
            #expect(error.description.contains(broken.message), "\(error.description)")
        }
    }

    @Test("Fields whose types narrow their interface's pass Apogee's check")
    func covariantFieldsPass() throws {
        for text in [
            "type Query { a: I } interface I { a: Pet } interface Pet { n: Int } type Dog implements Pet { n: Int } type T implements I { a: Dog }",
            "type Query { a: I } interface I { a: [Pet] } interface Pet { n: Int } type Dog implements Pet { n: Int } type T implements I { a: [Dog!]! }",
            "type Query { a: I } interface I { a(x: Int): Int } type T implements I { a(x: Int, y: Int, z: Int! = 1): Int! }",
        ] {
            #expect(try CodegenSchema(sdl: text, fileName: "s.graphqls").passedTypeSystemCheck, "\(text)")
        }
    }

    @Test("What only GraphQLSwift's build decides (a name given twice, a scalar's URL, a scalar's extension) loads with its check")
    func whatOnlyGraphQLSwiftDecidesIsLeftToIt() throws {
        for text in [
            "type Query { a: Int } type T { a: Int a: Int }",
            "type Query { a(x: Int, x: Int): Int }",
            "type Query { a: E } enum E { A A }",
            "type Query { a: Int } extend type Query { a: Int }",
            #"scalar S @specifiedBy(url: "https://s") type Query { a: S }"#,
            "scalar S extend scalar S @specifiedBy(url: 1) type Query { a: S }",
        ] {
            #expect(try !CodegenSchema(sdl: text, fileName: "s.graphqls").passedTypeSystemCheck, "\(text)")
        }
    }
}

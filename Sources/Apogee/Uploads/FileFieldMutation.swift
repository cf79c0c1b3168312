import ApogeeAPI

/// A mutation whose top-level variables named by ``GraphQLFile/fieldName`` are replaced by the
/// files: what `upload(mutation:files:)` sends.
///
/// One file for a variable that does not hold a list replaces the variable; several files with
/// the same field name, or any number for a variable that holds a list, make a list in their
/// order. It has the document, name and data of the mutation it wraps, so the result decodes
/// as the wrapped mutation's.
struct FileFieldMutation<Base: GraphQLMutation>: GraphQLMutation {
    typealias Data = Base.Data

    static var operationName: String { Base.operationName }
    static var document: String { Base.document }
    static var operationIdentifier: String { Base.operationIdentifier }
    static var __clientOnlyVariables: Set<String> { Base.__clientOnlyVariables }
    static var __deliversIncrementally: Bool { Base.__deliversIncrementally }

    let base: Base
    let variables: [InputField]

    init(base: Base, files: [GraphQLFile]) throws(UploadError) {
        var variables = base.variables
        var names: [String] = []
        for file in files where !names.contains(file.fieldName) {
            names.append(file.fieldName)
        }
        for name in names {
            let uploads = files.filter { $0.fieldName == name }.map { InputValue.upload($0.upload) }
            if let index = variables.firstIndex(where: { $0.name == name }) {
                let holdsList = if case .list = variables[index].value { true } else { false }
                variables[index].value = uploads.count == 1 && !holdsList ? uploads[0] : .list(uploads)
            } else if Self.declaresVariable(name) {
                // An optional variable the operation left out.
                variables.append(InputField(name, uploads.count == 1 ? uploads[0] : .list(uploads)))
            } else {
                throw .unknownFileField(name, operationName: Base.operationName)
            }
        }
        self.base = base
        self.variables = variables
    }

    /// Whether the document uses `$name` (and not just a longer name that starts with it).
    private static func declaresVariable(_ name: String) -> Bool {
        let document = Array(Base.document.utf8)
        let needle = Array("$\(name)".utf8)
        guard document.count >= needle.count else { return false }
        for start in 0...(document.count - needle.count) where document[start..<(start + needle.count)].elementsEqual(needle) {
            let next = start + needle.count
            guard next < document.count else { return true }
            let byte = document[next]
            let continuesName = byte == UInt8(ascii: "_") || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            if !continuesName { return true }
        }
        return false
    }
}

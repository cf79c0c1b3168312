import ApogeeCodegen
import FuzzSupport

/// A small operation to generate against each fuzzed schema that loads, so the schema's
/// index is used as well as built.
let operation = OperationFile(path: "Probe.graphql", text: "query Probe { __typename }")

/// Schema SDL, any text: a schema, or a ``CodegenError`` with diagnostics; never a crash, a
/// hang or a stack overflow in GraphQLSwift's parser or schema building. The input's first
/// byte chooses whether part of it is a schema extension instead.
public func fuzzSchema(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let split = input.byte()
    let rest = input.rest()
    let cut = rest.isEmpty || split & 0x80 == 0 ? rest.count : Int(split & 0x7F) * rest.count / 128
    let sdl = String(decoding: rest[..<cut], as: UTF8.self)
    let extensions = cut == rest.count ? [] : [SchemaSource(text: String(decoding: rest[cut...], as: UTF8.self), fileName: "extension.graphqls")]
    do {
        let schema = try CodegenSchema(sdl: sdl, fileName: "schema.graphqls", extensions: extensions)
        _ = try? CodeGenerator(schema: schema).generate(files: [operation])
    } catch {
        requireDiagnosed(
            error.diagnostics.map { ($0.file, $0.line, $0.column) },
            files: ["schema.graphqls", "extension.graphqls"],
            error: error)
    }
    return 0
}

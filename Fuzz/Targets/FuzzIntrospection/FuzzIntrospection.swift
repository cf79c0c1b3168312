import ApogeeCodegen
import FuzzSupport

/// An introspection result, any bytes: a schema, or a ``CodegenError``; never a crash. What
/// loads also prints as SDL, which loads again.
public func fuzzIntrospection(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let bytes = Array(input.all)
    do {
        _ = try CodegenSchema(introspectionJSON: bytes, fileName: "schema.json")
    } catch {
        requireDiagnosed(error.diagnostics.map { ($0.file, $0.line, $0.column) }, files: ["schema.json"], error: error)
        return 0
    }
    do {
        let sdl = try Introspection.sdl(fromJSON: bytes, fileName: "schema.json")
        _ = try CodegenSchema(sdl: sdl, fileName: "printed.graphqls")
    } catch {
        fatalError("a schema that loads from introspection does not load from the SDL printed from it: \(error)")
    }
    return 0
}

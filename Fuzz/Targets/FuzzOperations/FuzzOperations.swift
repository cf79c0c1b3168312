import ApogeeCodegen
import FuzzSupport

/// The RocketReserver schema with its extensions, loaded once: the fuzzer varies the operations.
let schema: CodegenSchema = {
    do {
        return try CodegenSchema(contentsOfFile: RepositoryFiles.rocketReserverSchema, extensionFiles: RepositoryFiles.rocketReserverExtensions)
    } catch {
        fatalError("the fixed schema does not load: \(error)")
    }
}()

/// The code generator on any operation file against a fixed schema: Swift files, or a
/// ``CodegenError`` whose diagnostics name the file; never a crash, a hang or a stack
/// overflow in GraphQLSwift.
public func fuzzOperations(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    let file = OperationFile(path: "Fuzzed.graphql", text: String(decoding: input.all, as: UTF8.self))
    do {
        let generated = try CodeGenerator(schema: schema).generate(files: [file])
        require(!generated.isEmpty, "the generator succeeded and wrote nothing")
    } catch {
        requireDiagnosed(
            error.diagnostics.map { ($0.file, $0.line, $0.column) },
            files: Set(["Fuzzed.graphql", RepositoryFiles.rocketReserverSchema] + RepositoryFiles.rocketReserverExtensions),
            error: error)
    }
    return 0
}

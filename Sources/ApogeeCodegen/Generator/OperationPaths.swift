#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Finds the `.graphql` files named on the command line: files, folders (searched
/// recursively) and glob patterns (`Sources/**/*.graphql`).
public enum OperationPaths {
    /// The files, each folder's and pattern's matches sorted by path, without duplicates.
    /// - Throws: ``CodegenError`` when a path does not exist or a pattern matches nothing.
    public static func expand(_ paths: [String]) throws(CodegenError) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        var diagnostics: [Diagnostic] = []
        for path in paths {
            var found: [String]
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                found = isDirectory.boolValue ? graphQLFiles(under: path) : [path]
            } else if path.contains(where: { "*?[".contains($0) }) {
                found = matches(of: path)
                if found.isEmpty {
                    diagnostics.append(Diagnostic(file: path, line: 0, column: 0, message: "no .graphql file matches this pattern"))
                }
            } else {
                diagnostics.append(Diagnostic(file: path, line: 0, column: 0, message: "no such file or folder"))
                found = []
            }
            for file in found where seen.insert(file).inserted {
                result.append(file)
            }
        }
        guard diagnostics.isEmpty else { throw CodegenError(diagnostics) }
        return result
    }

    static func isOperationFile(_ path: String) -> Bool {
        path.hasSuffix(".graphql") || path.hasSuffix(".gql")
    }

    /// Every operation file below a folder, sorted.
    static func graphQLFiles(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if isOperationFile(relative) { files.append(base + "/" + relative) }
        }
        return files.sorted()
    }

    /// The files matching a glob pattern; `**` matches across folders.
    static func matches(of pattern: String) -> [String] {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let literal = components.prefix { !$0.contains(where: { "*?[".contains($0) }) }
        var base = literal.joined(separator: "/")
        if base.isEmpty { base = pattern.hasPrefix("/") ? "/" : "." }
        let crossesFolders = pattern.contains("**")
        let flags = crossesFolders ? Int32(0) : Int32(FNM_PATHNAME)
        let normalizedPattern = crossesFolders ? pattern.replacingOccurrences(of: "**/", with: "*") : pattern
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = base == "." && !pattern.hasPrefix("./") ? relative : (base.hasSuffix("/") ? base + relative : base + "/" + relative)
            if fnmatch(normalizedPattern, path, flags) == 0, isOperationFile(path) {
                files.append(path)
            }
        }
        return files.sorted()
    }
}

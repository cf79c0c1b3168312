import Foundation

/// Writes generated files into a folder.
public enum OutputWriter {
    /// Writes each file whose contents changed, so that an unchanged file keeps its date and
    /// the build does not recompile it.
    /// - Returns: the names of the files written.
    /// - Throws: ``CodegenError`` when the folder or a file cannot be written.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to folder: String) throws(CodegenError) -> [String] {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CodegenError(file: folder, message: "cannot create the output folder: \(error)")
        }
        var written: [String] = []
        for file in files {
            let path = folder.hasSuffix("/") ? folder + file.name : folder + "/" + file.name
            let bytes = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: path) == bytes { continue }
            do {
                try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw CodegenError(file: path, message: "cannot write the file: \(error)")
            }
            written.append(file.name)
        }
        return written
    }

    /// Writes one text file, creating its folder.
    /// - Throws: ``CodegenError`` naming the file when it cannot be written.
    public static func writeText(_ text: String, to path: String) throws(CodegenError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CodegenError(file: path, message: "cannot write the file: \(error)")
        }
    }
}

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif
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
            let bytes = Array(file.contents.utf8)
            if let existing = FileManager.default.contents(atPath: path), existing.elementsEqual(bytes) { continue }
            try writeBytes(bytes, to: path)
            written.append(file.name)
        }
        return written
    }

    /// Writes with plain POSIX calls: Foundation's `Data.write` syncs every file to disk,
    /// which made writing a hundred generated files the slowest part of a run; generated files
    /// are rewritten by the next run if a crash ever cuts one short.
    static func writeBytes(_ bytes: [UInt8], to path: String) throws(CodegenError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw CodegenError(file: path, message: "cannot write the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return systemWrite(descriptor, base + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw CodegenError(file: path, message: "cannot write the file: \(String(cString: strerror(errno)))")
            }
            offset += count
        }
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

import Foundation

extension CodegenSchema {
    /// Loads a schema file: introspection JSON when the file name ends in `.json` or the text
    /// starts with `{`, SDL otherwise; and the SDL schema extension files that go with it.
    /// - Throws: ``CodegenError`` when a file cannot be read or has errors.
    public init(contentsOfFile path: String, extensionFiles: [String] = []) throws(CodegenError) {
        let bytes = try FileAccess.readBytes(path)
        var extensions: [SchemaSource] = []
        for file in extensionFiles {
            extensions.append(SchemaSource(text: try FileAccess.readText(file), fileName: file))
        }
        let firstSignificant = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if path.hasSuffix(".json") || firstSignificant == UInt8(ascii: "{") {
            try self.init(introspectionJSON: bytes, fileName: path, extensions: extensions)
        } else {
            try self.init(sdl: String(decoding: bytes, as: UTF8.self), fileName: path, extensions: extensions)
        }
    }
}

/// Reading and writing files with errors that name the file.
enum FileAccess {
    static func readBytes(_ path: String) throws(CodegenError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CodegenError(file: path, message: "cannot read the file")
        }
        return [UInt8](data)
    }

    static func readText(_ path: String) throws(CodegenError) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }
}

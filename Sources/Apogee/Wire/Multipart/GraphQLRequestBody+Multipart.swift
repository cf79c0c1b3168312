import ApogeeAPI
import Foundation

extension GraphQLRequestBody {
    /// Whether an upload stands anywhere in the variables, which makes the request multipart.
    public var containsUploads: Bool {
        variables.contains { $0.value.containsUpload }
    }

    /// Each distinct file of the variables once, in the order first met, with every operations
    /// path where it stands (`variables.files.0`). An upload used twice is sent once.
    var uploadsWithPaths: [(upload: Upload, paths: [String])] {
        var files: [(upload: Upload, paths: [String])] = []
        var indexes: [Upload: Int] = [:]
        for variable in variables {
            for (path, upload) in variable.value.uploads {
                let operationsPath = (["variables", variable.name] + path).joined(separator: ".")
                if let index = indexes[upload] {
                    files[index].paths.append(operationsPath)
                } else {
                    indexes[upload] = files.count
                    files.append((upload, [operationsPath]))
                }
            }
        }
        return files
    }

    /// The request as the GraphQL multipart request spec lays it out: `operations` (this body,
    /// files as `null`), then `map` (form field name to operations paths), then each file, in
    /// fields named `0`, `1`, ….
    ///
    /// Every file is opened and examined here, so that a missing or unreadable one fails
    /// before anything is sent.
    func multipartFormData(boundary: String = MultipartFormData.randomBoundary()) throws(UploadError) -> MultipartFormData {
        let files = uploadsWithPaths
        var contents: [MultipartFormData.Segment] = []
        for (upload, paths) in files {
            contents.append(try Self.checkedContent(of: upload, variablePath: paths[0]))
        }
        var form = MultipartFormData(boundary: boundary)
        form.appendField(name: "operations", value: jsonBytes())
        form.appendField(name: "map", value: Self.mapJSON(files.map(\.paths)))
        for (index, (upload, _)) in files.enumerated() {
            form.appendFile(name: String(index), fileName: upload.fileName, mimeType: upload.mimeType, content: contents[index])
        }
        form.finish()
        return form
    }

    /// `{"0":["variables.file"],"1":[…]}`, keys in number order (a JSON object's own writer
    /// would sort them as text, putting `10` before `2`).
    private static func mapJSON(_ paths: [[String]]) -> [UInt8] {
        var writer = JSONWriter()
        writer.writeRaw("{")
        for (index, filePaths) in paths.enumerated() {
            if index > 0 { writer.writeRaw(",") }
            writer.write(String(index))
            writer.writeRaw(":")
            writer.write(JSONValue.array(filePaths.map { .string($0) }))
        }
        writer.writeRaw("}")
        return writer.bytes
    }

    /// The part content of an upload, after checking that its file can be read.
    private static func checkedContent(of upload: Upload, variablePath: String) throws(UploadError) -> MultipartFormData.Segment {
        guard !upload.mimeType.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw .invalidPartHeader(upload.mimeType, variablePath: variablePath)
        }
        switch upload.content {
        case .data(let data):
            return .bytes(data)
        case .file(let url):
            guard url.isFileURL else { throw .notAFileURL(url, variablePath: variablePath) }
            let file: ReadOnlyFile
            do {
                file = try ReadOnlyFile(url: url)
            } catch {
                throw error.isMissing
                    ? .fileNotFound(url, variablePath: variablePath)
                    : .fileNotReadable(url, variablePath: variablePath, reason: error.message)
            }
            defer { file.close() }
            guard file.isRegularFile else { throw .notARegularFile(url, variablePath: variablePath) }
            return .file(url, length: file.size, variablePath: variablePath)
        }
    }
}

extension InputValue {
    /// Whether an upload stands anywhere in the value.
    var containsUpload: Bool {
        switch self {
        case .json: false
        case .upload: true
        case .list(let values): values.contains { $0.containsUpload }
        case .object(let fields): fields.contains { $0.value.containsUpload }
        }
    }
}

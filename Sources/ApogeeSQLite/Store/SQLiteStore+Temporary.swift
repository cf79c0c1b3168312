import Foundation

extension SQLiteStore {
    /// Opens a new, empty store file in a folder of its own under the system's temporary
    /// directory: for tests and previews that want a real file without choosing a place for it.
    ///
    /// ```swift
    /// let store = try SQLiteStore.temporary().makeNormalizedStore()
    /// ```
    ///
    /// The folder is left for the system to clear, as its temporary directory is.
    /// - Throws: ``SQLiteStoreError`` when the folder cannot be made or the file opened.
    public static func temporary(configuration: Configuration = Configuration()) throws(SQLiteStoreError) -> SQLiteStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-\(UUID().uuidString)", isDirectory: true)
        let path = folder.appendingPathComponent("store.sqlite").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SQLiteStoreError(.unreadable, path: path, detail: "the temporary folder could not be made: \(error)")
        }
        return try SQLiteStore(path: path, configuration: configuration)
    }
}

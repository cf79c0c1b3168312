@testable import ApogeeAPI
@testable import ApogeeSQLite
import TestSupport

extension TemporaryFolder {
    /// Opens the store file in this folder (`store.sqlite`), as an app's next launch would.
    func openStoreFile(_ configuration: SQLiteStore.Configuration = .init()) throws -> SQLiteStore {
        try SQLiteStore(path: file(), configuration: configuration)
    }

    /// One run of an app on the folder's store file: opens it, runs `body` and closes it, so
    /// that what a later ``openStoreFile(_:)`` reads is only what reached the file.
    /// - Returns: What `body` returns, for comparing with what is read after reopening.
    @discardableResult
    func withStoreFile<Result>(
        _ configuration: SQLiteStore.Configuration = .init(),
        _ body: (SQLiteStore) throws -> Result
    ) throws -> Result {
        let file = try openStoreFile(configuration)
        let result = try body(file)
        try file.close()
        return result
    }
}

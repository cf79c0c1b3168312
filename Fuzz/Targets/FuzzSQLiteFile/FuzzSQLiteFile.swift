import ApogeeAPI
import ApogeeSQLite
import ApogeeStore
import Foundation
import FuzzSupport

/// Where each input is written as a store file; one path, emptied before each run.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apogee-fuzz-sqlite-\(getpid())")
let path = folder.appendingPathComponent("store.sqlite").path

/// A store file of any bytes: opening it gives a working store or a ``SQLiteStoreError``, never
/// a crash; a working store reads every record and queued mutation it has, takes a write and
/// closes. Opened with `.startAfresh`, an unusable file is moved aside and opening works.
public func fuzzSQLiteFile(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    try? FileManager.default.removeItem(at: folder)
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(input.all).write(to: URL(fileURLWithPath: path))
    } catch {
        fatalError("the fuzz folder cannot be written: \(error)")
    }
    if let store = try? SQLiteStore(path: path) {
        exercise(store)
    }
    let afresh: SQLiteStore
    do {
        afresh = try SQLiteStore(path: path, configuration: .init(ifUnusable: .startAfresh))
    } catch {
        fatalError("a file opened with .startAfresh still failed: \(error)")
    }
    exercise(afresh)
    return 0
}

/// Reads everything the file has, changes it and closes; any of it may fail with a typed
/// error on a damaged file, none of it may crash.
func exercise(_ file: SQLiteStore) {
    let source = file.recordSource
    if let keys = try? source.allKeys() {
        _ = try? source.records(for: keys)
    }
    _ = try? source.count()
    _ = try? file.mutationQueueStorage.pendingMutations()
    let store = file.makeNormalizedStore()
    _ = try? store.clear()
    do {
        try file.close()
    } catch {
        // Closing a damaged file may fail; the failure is typed, which is all that is asked.
    }
}

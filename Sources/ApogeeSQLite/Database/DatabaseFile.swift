import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The store file on disk, before and around SQLite: creating it readable by its owner only,
/// and moving an unusable one aside.
enum DatabaseFile {
    /// The files SQLite keeps beside the database, which belong with it.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Makes sure `path` is a regular file, creating it empty with mode 0600 when it does not
    /// exist. SQLite gives its `-wal` and `-shm` files the database file's mode, so they are
    /// private too; SQLite itself would create the file with 0644.
    static func prepare(_ path: String) throws(SQLiteStoreError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                let what = status.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
                throw SQLiteStoreError(.unreadable, path: path, detail: "the path is \(what)")
            }
            if status.st_size > 0 { try checkHeader(path) }
            return
        }
        let statError = errno
        guard statError == ENOENT else {
            throw SQLiteStoreError(.unreadable, path: path, detail: String(cString: strerror(statError)))
        }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let openError = errno
            // Another process may have created it in between; that file is used as it is.
            if openError == EEXIST { return try prepare(path) }
            throw SQLiteStoreError(.unreadable, path: path, detail: "cannot create the file: \(String(cString: strerror(openError)))")
        }
        close(descriptor)
    }

    /// Refuses a file that does not start as an SQLite database does, before SQLite opens it:
    /// SQLite would delete the file's `-wal` when it fails to read such a file, and that may be
    /// wanted to recover what it held.
    private static func checkHeader(_ path: String) throws(SQLiteStoreError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let openError = errno
            throw SQLiteStoreError(.unreadable, path: path, detail: String(cString: strerror(openError)))
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: sqliteHeader.count)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count == sqliteHeader.count, header == sqliteHeader else {
            throw SQLiteStoreError(.corrupt, path: path, detail: "the file does not begin with the SQLite header")
        }
    }

    /// The first bytes of every SQLite database file.
    private static let sqliteHeader = Array("SQLite format 3\u{0}".utf8)

    /// Renames the file and its companions to `<path>.unusable-<time>`, keeping them together
    /// so the copy can still be opened. Returns the new path.
    static func moveAside(_ path: String, at date: Date) throws(SQLiteStoreError) -> String {
        let stamp = timestamp(date)
        var aside = "\(path).unusable-\(stamp)"
        var attempt = 1
        while FileManager.default.fileExists(atPath: aside) {
            attempt += 1
            aside = "\(path).unusable-\(stamp)-\(attempt)"
        }
        guard rename(path, aside) == 0 else {
            let renameError = errno
            throw SQLiteStoreError(.unreadable, path: path, detail: "cannot move the file aside: \(String(cString: strerror(renameError)))")
        }
        for suffix in companionSuffixes where FileManager.default.fileExists(atPath: path + suffix) {
            // A companion that stays would be taken for the new file's; better it goes.
            if rename(path + suffix, aside + suffix) != 0 { unlink(path + suffix) }
        }
        return aside
    }

    /// `20250102T030405Z`: sorts by time and is valid in a file name everywhere.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}

@testable import ApogeeAPI
@testable import ApogeeSQLite
import Foundation
@testable import ApogeeStore
import RocketReserverAPI
import TestSupport
import Testing

/// Each field's write time, kept in the `written` column: `[[time]]` for a record written at
/// once, groups of names for one written in parts, and version 3's groups of names still read.
@Suite("Write times in the file")
struct WriteTimeTests {
    @Test("a record written at once keeps one time, one written in parts keeps each field's, and both expire by them after reopening")
    func compactAndGroupedTimesReadBack() async throws {
        try await TemporaryFolder.with { folder in
            let (clock, configuration, start) = Self.launchesExpiringInTenMinutes()
            try folder.withStoreFile(configuration) { file in
                let store = file.makeNormalizedStore()
                try store.writeLaunch("25")
                try store.writeLaunch("26")
                #expect(try Self.written(of: "Launch:25", in: file) == "[[\(start)]]")

                clock.advance(by: 300)
                try store.transaction { try $0.setField("site", to: .scalar("Vandenberg"), of: "Launch:26") }
                let grouped = try Self.written(of: "Launch:26", in: file)
                #expect(grouped.hasPrefix("[[\(start),") && grouped.hasSuffix(",\"site\"]]"), "\(grouped)")
            }
            clock.advance(by: 299)  // 599 s after the first writes: nothing has expired
            let file = try folder.openStoreFile(configuration)
            let store = file.makeNormalizedStore()
            #expect(try store.expiredFields("25").isEmpty)
            #expect(try store.expiredFields("26").isEmpty)

            clock.advance(by: 2)  // 601 s after the first writes, 301 s after the second
            let whole = try Set(store.expiredFields("25"))
            #expect(whole.contains(FieldKey("Launch:25", "id")) && whole.contains(FieldKey("Launch:25", "site")))
            let parts = try Set(store.expiredFields("26"))
            #expect(parts.contains(FieldKey("Launch:26", "id")))
            #expect(!parts.contains(FieldKey("Launch:26", "site")))
        }
    }

    @Test("a record written whole again keeps one time, the new one, and expires by it")
    func wholeRecordWrittenAgainKeepsOneTime() async throws {
        try await TemporaryFolder.with { folder in
            let (clock, configuration, start) = Self.launchesExpiringInTenMinutes()
            try folder.withStoreFile(configuration) { file in
                let store = file.makeNormalizedStore()
                try store.writeLaunch("25")
                clock.advance(by: 300)
                try store.writeLaunch("25", mission: "Crew-9")
                let times = try Self.written(of: "Launch:25", in: file)
                #expect(times == "[[\(start + 300_000)]]", "\(times)")
            }
            clock.advance(by: 301)  // 601 s after the first write, 301 s after the second
            let file = try folder.openStoreFile(configuration)
            #expect(try file.makeNormalizedStore().expiredFields("25").isEmpty)
        }
    }

    @Test("a record saved by schema version 3, its fields' names beside its time, reads with its times")
    func versionThreeTimesRead() async throws {
        try await TemporaryFolder.with { folder in
            let (clock, configuration, start) = Self.launchesExpiringInTenMinutes()
            try folder.withStoreFile(configuration) { file in
                try file.makeNormalizedStore().writeLaunch("25")
                // `site` written 10 minutes later, the rest at the start, as version 3 wrote it.
                let later = start + 600_000
                try file.sql(
                    "UPDATE records SET written = '[[\(start),\"__typename\",\"id\",\"isBooked\",\"mission\",\"rocket\"],[\(later),\"site\"]]' WHERE key = 'Launch:25'")
            }
            clock.advance(by: 601)
            let file = try folder.openStoreFile(configuration)
            let expired = try Set(file.makeNormalizedStore().expiredFields("25"))
            #expect(expired.contains(FieldKey("Launch:25", "id")))
            #expect(!expired.contains(FieldKey("Launch:25", "site")))
        }
    }

    @Test("a time for the whole record beside other groups is an undecodable row, not a guess")
    func compactTimeBesideGroupsIsAnError() async throws {
        try await TemporaryFolder.with { folder in
            try folder.withStoreFile { file in
                try file.makeNormalizedStore().writeLaunch("25")
                try file.sql("UPDATE records SET written = '[[1],[2,\"id\"]]' WHERE key = 'Launch:25'")
            }
            let file = try folder.openStoreFile()
            let error = try #require(throws: SQLiteStoreError.self) { try file.recordSource.record(for: "Launch:25") }
            #expect(error.kind == .undecodableRow)
            #expect(error.detail.contains("Launch:25"), "\(error)")
        }
    }

    /// A clock moved by hand, a store whose launches expire 600 s after they are written, and
    /// the clock's start in milliseconds, as write times are kept.
    private static func launchesExpiringInTenMinutes() -> (TestClock, SQLiteStore.Configuration, start: Int64) {
        let clock = TestClock()
        let configuration = SQLiteStore.Configuration(maximumAges: ["Launch": .seconds(600)], now: clock.function)
        return (clock, configuration, Int64(clock.now.timeIntervalSince1970 * 1000))
    }

    private static func written(of key: String, in file: SQLiteStore) throws -> String {
        let rows = try file.sql("SELECT written FROM records WHERE key = ?", [.text(key)])
        return try #require(rows.first?.column("written")?.string)
    }
}

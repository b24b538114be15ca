@testable import CodeGateGateway
import CodeGateTestSupport
import Glibc
import Testing

/// The SQLite connection's kept statements: prepared once, reset after each run so that they
/// can run again, bounded, and finalized with the connection.
@Suite final class SQLiteDatabaseTests {
    let folder: TemporaryFolder
    let path: String

    init() throws {
        folder = try TemporaryFolder()
        path = folder("state.db")
        try SQLiteDatabase(path: path, busyTimeout: .zero).run("CREATE TABLE t (n INTEGER PRIMARY KEY)")
    }

    deinit { folder.remove() }

    @Test func aStatementIsPreparedOnceAndRunsAgainAfterAnError() throws {
        let database = try SQLiteDatabase(path: path, busyTimeout: .zero)
        try database.run("INSERT INTO t (n) VALUES (?)", [.integer(1)])
        #expect(throws: SQLiteError.self) { try database.run("INSERT INTO t (n) VALUES (?)", [.integer(1)]) }
        try database.run("INSERT INTO t (n) VALUES (?)", [.integer(2)])
        #expect(try database.run("SELECT n FROM t ORDER BY n") == [[.integer(1)], [.integer(2)]])
        #expect(database.keptStatementCount == 2)
    }

    @Test func theKeptStatementsAreBounded() throws {
        let database = try SQLiteDatabase(path: path, busyTimeout: .zero)
        for value in 0...SQLiteDatabase.keptStatements {
            try database.run("SELECT \(value)")
        }
        #expect(database.keptStatementCount <= SQLiteDatabase.keptStatements)
        #expect(try database.run("SELECT 7") == [[.integer(7)]])
    }

    /// Closed with its statements, the connection lets go of the file.
    @Test func closingReleasesTheFile() throws {
        do {
            let database = try SQLiteDatabase(path: path, busyTimeout: .zero)
            try database.run("SELECT n FROM t")
            #expect(openDescriptors(to: path) == 1)
        }
        #expect(openDescriptors(to: path) == 0)
    }

    /// How many of this process's descriptors are open on `file`.
    private func openDescriptors(to file: String) -> Int {
        guard let folder = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(folder) }
        var count = 0
        var target = [CChar](repeating: 0, count: 4096)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            let length = readlink("/proc/self/fd/" + name, &target, target.count - 1)
            guard length > 0 else { continue }
            if String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == file { count += 1 }
        }
        return count
    }
}

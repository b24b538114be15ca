import Foundation
import Glibc
import XCTest

/// The real `codegate` started on the test display with each hostile shape in place of each of
/// its state files: it must show its window within a few seconds, neither blocking on a FIFO
/// nor reading /dev/zero or a 100 MB file, nor trapping on extreme numbers.
final class HostileStateTests: XCTestCase {
    /// How a state file can be damaged or booby-trapped, by the user, a disk or another program.
    private static let shapes = ["fifo", "devzero", "sparse", "random", "extreme", "shared"]

    func testTheWindowAppearsWithAHostileGatewayFile() throws {
        for shape in Self.shapes {
            try startsWindow(with: shape, at: "gateway.db")
        }
    }

    func testTheWindowAppearsWithAHostileCooldownFile() throws {
        for shape in Self.shapes {
            try startsWindow(with: shape, at: "cooldown")
        }
    }

    /// Puts `shape` at `$XDG_STATE_HOME/codegate/<name>`, starts the binary and waits for its
    /// window with xdotool; then ends it.
    private func startsWindow(with shape: String, at name: String) throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codegate-hostile-\(getpid())-\(shape)-\(name)")
        let folder = state.appendingPathComponent("codegate")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let path = folder.appendingPathComponent(name).path
        try Self.make(shape, at: path)

        let app = Process()
        app.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("codegate")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        app.environment = environment
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer {
            kill(app.processIdentifier, SIGKILL)
            app.waitUntilExit()
        }
        let search = Process()
        search.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        search.arguments = [
            "5", "xdotool", "search", "--sync", "--onlyvisible", "--pid", "\(app.processIdentifier)", "--name",
            "^CodeGate$",
        ]
        search.standardOutput = FileHandle.nullDevice
        try search.run()
        search.waitUntilExit()
        XCTAssertEqual(search.terminationStatus, 0, "no window within 5 s with \(shape) at \(name)")
        XCTAssertTrue(app.isRunning, "codegate ended with \(shape) at \(name)")
    }

    private static func make(_ shape: String, at path: String) throws {
        switch shape {
        case "fifo":
            XCTAssertEqual(mkfifo(path, 0o600), 0)
        case "devzero":
            XCTAssertEqual(symlink("/dev/zero", path), 0)
        case "sparse":
            XCTAssertTrue(
                FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]))
            XCTAssertEqual(truncate(path, 100_000_000), 0)
        case "random":
            var random = SystemRandomNumberGenerator()
            let bytes = (0..<4000).map { _ in UInt8.random(in: 0...255, using: &random) }
            try write(bytes, to: path, permissions: 0o600)
        case "extreme":
            let max = Int64.max
            let text = !path.hasSuffix("cooldown")
                ? "codegate-gateway-1 -\n+8613800138000 \(max) \(max) \(max) "
                    + "\(String(repeating: "ab", count: 16)) \(String(repeating: "cd", count: 32))\n"
                : "codegate-cooldown-1 - \(max) \(max) \(max)\n"
            try write(Array(text.utf8), to: path, permissions: 0o600)
        default:
            try write(Array("codegate-gateway-1 -\n".utf8), to: path, permissions: 0o666)
        }
    }

    private static func write(_ bytes: [UInt8], to path: String, permissions: Int) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
    }
}

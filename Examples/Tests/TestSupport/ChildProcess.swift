#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// A run of one of the package's executables (`apogee`, `rocket-reserver`, `QueueCrashChild`),
/// started with `posix_spawn`, its standard output and error read into memory as it writes them.
///
/// Foundation's `Process` is not used: on Linux its `run()` walks `/proc/self/fd` to close the
/// parent's descriptors in the child, and that walk reads out of bounds (the address sanitizer
/// reports it, and a plain test run crashed in it). Here every descriptor the tests open for a
/// child is close-on-exec, and only the two pipes are handed to it.
public final class ChildProcess: Sendable {
    /// The child's process identifier.
    public let processIdentifier: pid_t
    private let output: PipeReader
    private let error: PipeReader
    private let exit = Mutex<ExitStatus?>(nil)

    /// How a child ended.
    public enum ExitStatus: Sendable, Equatable {
        /// It returned from `main` or called `exit` with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// The exit status, or -1 when a signal ended the child.
        public var code: Int32 {
            switch self {
            case .exited(let code): code
            case .signalled: -1
            }
        }
    }

    /// An executable of the package, built beside the test bundle because the tests depend on
    /// its target.
    public static func executable(named name: String) throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw ChildNotFound(name: name, searchedFrom: CommandLine.arguments[0])
    }

    /// Starts `executable` with `arguments`, in this process's environment with `environment`
    /// laid over it.
    public init(executable: URL, arguments: [String], environment: [String: String] = [:]) throws {
        let mergedEnvironment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let argumentStrings = [executable.path] + arguments
        let environmentStrings = mergedEnvironment.map { "\($0.key)=\($0.value)" }
        let (pid, outputDescriptor, errorDescriptor) = try Self.spawning.withLock { _ in
            try Self.spawn(executable.path, argumentStrings, environmentStrings)
        }
        processIdentifier = pid
        output = PipeReader(descriptor: outputDescriptor)
        error = PipeReader(descriptor: errorDescriptor)
    }

    /// Starts the child with its standard output and error on two new pipes, and returns it
    /// with the pipes' reading ends.
    private static func spawn(_ path: String, _ arguments: [String], _ environment: [String]) throws -> (pid_t, Int32, Int32) {
        let outputPipe = try closeOnExecPipe()
        let errorPipe: (read: Int32, write: Int32)
        do {
            errorPipe = try closeOnExecPipe()
        } catch {
            close(outputPipe.read)
            close(outputPipe.write)
            throw error
        }
        defer {
            // The child has its own copies; the parent keeps only the reading ends.
            close(outputPipe.write)
            close(errorPipe.write)
        }

        var actions: SpawnFileActions = emptySpawnValue()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy, so these two reach the child.
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, STDERR_FILENO)
        var attributes: SpawnAttributes = emptySpawnValue()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        try closeInheritedDescriptors(&actions, &attributes)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, &argv, &envp)
        guard status == 0 else {
            close(outputPipe.read)
            close(errorPipe.read)
            throw ChildSpawnFailed(executable: path, errorNumber: status)
        }
        return (pid, outputPipe.read, errorPipe.read)
    }

    deinit {
        // A test that stopped early must not leave a child behind, nor a zombie.
        if exit.withLock({ $0 }) == nil {
            sendSignal(processIdentifier, SIGKILL)
            _ = reap(blocking: true)
        }
    }

    /// Sends SIGKILL and waits for the child to end; `false` when it had already ended.
    public func kill() -> Bool {
        if reap(blocking: false) != nil { return false }
        sendSignal(processIdentifier, SIGKILL)
        return reap(blocking: true) == .signalled(SIGKILL)
    }

    /// Waits for the child to end and returns its exit status (-1 when a signal ended it);
    /// kills it after `limit`.
    public func waitForExit(limit: Duration) async throws -> Int32 {
        // Nothing counts as progress, so the limit is for the whole wait.
        try await waitForExit(stallLimit: limit) { 0 }
    }

    /// Waits for the child to end and returns its exit status (-1 when a signal ended it), for
    /// as long as it makes progress: it is killed only when `progress` has not moved for
    /// `stallLimit`, so that a loaded machine makes the wait longer rather than the test red.
    public func waitForExit(stallLimit: Duration, progress: () -> Int) async throws -> Int32 {
        var lastProgress = progress()
        var stallDeadline = ContinuousClock.now + stallLimit
        while true {
            if let status = reap(blocking: false) { return status.code }
            let current = progress()
            if current != lastProgress {
                lastProgress = current
                stallDeadline = ContinuousClock.now + stallLimit
            }
            guard ContinuousClock.now < stallDeadline else {
                _ = kill()
                throw ChildStalled(limit: stallLimit, standardError: standardError)
            }
            // waitpid has no asynchronous form; a short sleep between checks keeps the
            // cooperative pool free for the server the child talks to.
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits while the child runs until `condition` holds: `true` when it holds with the child
    /// still running, `false` when the child ended first. As in
    /// ``waitForExit(stallLimit:progress:)``, the child is killed, and this throws, only when
    /// `progress` has not moved for `stallLimit`.
    public func waitWhileRunning(until condition: () -> Bool, stallLimit: Duration, progress: () -> Int) async throws -> Bool {
        var lastProgress = progress()
        var stallDeadline = ContinuousClock.now + stallLimit
        while true {
            if condition() { return reap(blocking: false) == nil }
            if reap(blocking: false) != nil { return false }
            let current = progress()
            if current != lastProgress {
                lastProgress = current
                stallDeadline = ContinuousClock.now + stallLimit
            }
            guard ContinuousClock.now < stallDeadline else {
                _ = kill()
                throw ChildStalled(limit: stallLimit, standardError: standardError)
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Blocks the calling thread until the child ends, for synchronous tests of short
    /// commands; an asynchronous test uses ``waitForExit(limit:)``, which leaves the thread free.
    public func waitUntilExit() -> ExitStatus {
        while true {
            if let status = reap(blocking: true) { return status }
        }
    }

    /// Everything the child wrote to standard output; waits for the child to close it.
    public var standardOutput: String { output.text() }

    /// Everything the child wrote to standard error; waits for the child to close it.
    public var standardError: String { error.text() }

    /// Collects the child's status once it has ended, exactly once.
    private func reap(blocking: Bool) -> ExitStatus? {
        exit.withLock { recorded in
            if let recorded { return recorded }
            var status: Int32 = 0
            var result: pid_t
            repeat {
                result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            } while result == -1 && errno == EINTR
            guard result == processIdentifier else { return nil }
            // The wait-status layout POSIX's WIFEXITED and WTERMSIG macros read, which Swift
            // does not import.
            let signal = status & 0x7f
            recorded = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            return recorded
        }
    }

    /// Nothing but standard input, output and error reaches the child. SwiftNIO opens its
    /// sockets without close-on-exec, so a child would otherwise keep a test server's listening
    /// socket, and its port, alive after the server stops.
    private static func closeInheritedDescriptors(_ actions: inout SpawnFileActions, _ attributes: inout SpawnAttributes) throws {
        #if canImport(Darwin)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
        // glibc 2.34's closefrom action, which Swift's Glibc module does not import.
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw ChildSpawnFailed(executable: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later)", errorNumber: ENOSYS)
        }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        let status = addCloseFrom(&actions, STDERR_FILENO + 1)
        guard status == 0 else { throw ChildSpawnFailed(executable: "posix_spawn_file_actions_addclosefrom_np", errorNumber: status) }
        #endif
    }

    /// Held from creating a child's pipes to spawning it. `pipe2` is not imported into Swift,
    /// so a pipe becomes close-on-exec a step after it is made; between the two steps another
    /// test's spawn must not copy it, or this pipe would stay open until that child ends.
    private static let spawning = Mutex(())

    private static func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw ChildSpawnFailed(executable: "pipe", errorNumber: errno) }
        _ = fcntl(descriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
        return (descriptors[0], descriptors[1])
    }
}

// Darwin imports the spawn types as optional pointers, Glibc as structures.
#if canImport(Darwin)
private typealias SpawnFileActions = posix_spawn_file_actions_t?
private typealias SpawnAttributes = posix_spawnattr_t?
private func emptySpawnValue<Value: ExpressibleByNilLiteral>() -> Value { nil }
#else
private typealias SpawnFileActions = posix_spawn_file_actions_t
private typealias SpawnAttributes = posix_spawnattr_t
private func emptySpawnValue() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
private func emptySpawnValue() -> posix_spawnattr_t { posix_spawnattr_t() }
#endif

/// `kill(2)`, which ``ChildProcess/kill()`` hides inside the class.
private func sendSignal(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

/// Reads one pipe to its end on a thread of its own, so a child that writes more than the
/// pipe holds never blocks on a parent that reads only after it ends.
private final class PipeReader: Sendable {
    private let collected = Mutex<[UInt8]>([])
    private let finished = DispatchSemaphore(value: 0)

    init(descriptor: Int32) {
        Thread { [self] in drain(descriptor) }.start()
    }

    private func drain(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                collected.withLock { $0.append(contentsOf: buffer[0..<count]) }
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(descriptor)
        finished.signal()
    }

    /// The whole stream as UTF-8 text, once the writer has closed it.
    func text() -> String {
        finished.wait()
        // Let the next caller through too: the stream stays finished.
        finished.signal()
        return String(decoding: collected.withLock { $0 }, as: UTF8.self)
    }
}

/// A package executable was not found next to the test bundle.
public struct ChildNotFound: Error, CustomStringConvertible {
    public var name: String
    public var searchedFrom: String
    public var description: String { "\(name) was not found near \(searchedFrom); build the package's tests" }
}

/// `posix_spawn` or a pipe for it failed.
public struct ChildSpawnFailed: Error, CustomStringConvertible {
    public var executable: String
    public var errorNumber: Int32
    public var description: String { "could not start \(executable): \(String(cString: strerror(errorNumber)))" }
}

/// A child made no progress for its whole stall limit and was killed.
public struct ChildStalled: Error, CustomStringConvertible {
    public var limit: Duration
    public var standardError: String
    public var description: String { "the child made no progress for \(limit) and was killed; its standard error:\n\(standardError)" }
}

import Apogee
import Foundation

/// Prints upload progress, one line per tenth of the way.
final class ProgressLine: @unchecked Sendable {
    // `@unchecked`: `lastTenth` is only touched under `lock`; reports come from the HTTP thread.
    private let lock = NSLock()
    private var lastTenth = -1

    func show(_ progress: UploadProgress) {
        let tenth = Int(progress.fractionCompleted * 10)
        let isNew = lock.withLock {
            defer { lastTenth = max(lastTenth, tenth) }
            return tenth > lastTenth
        }
        guard isNew else { return }
        print("  sent \(progress.bytesSent) of \(progress.totalBytes) bytes (\(tenth * 10) %)")
    }
}

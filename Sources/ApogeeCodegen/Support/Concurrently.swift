import ApogeeAPI
import Dispatch
import Foundation

/// Work that codegen spreads over the machine's cores, with results in the order of the
/// input, so that the output is the same bytes however many cores run it.
///
/// Generation runs in a build plugin's process, where nothing else is running: blocking
/// threads on Dispatch's pool costs nothing there, and keeps the generator's API synchronous.
package enum Concurrently {
    /// How many parts work is split into at most: one per core. Tests set other counts to
    /// show that the output does not depend on it.
    @TaskLocal package static var maximumParts = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The results of `tasks`, run at once.
    static func run<Result: Sendable>(_ tasks: [@Sendable () -> Result]) -> [Result] {
        let results = Locked([Int: Result]())
        DispatchQueue.concurrentPerform(iterations: tasks.count) { index in
            let result = tasks[index]()
            results.withLock { $0[index] = result }
        }
        let finished = results.withLock { $0 }
        return (0..<tasks.count).compactMap { finished[$0] }
    }

    /// `transform` applied to contiguous runs of `elements`, one run per core and none smaller
    /// than `minimumPerPart` elements, with the runs' results in order.
    static func mapParts<Element: Sendable, Result: Sendable>(
        _ elements: [Element],
        minimumPerPart: Int,
        _ transform: @escaping @Sendable (ArraySlice<Element>) -> Result
    ) -> [Result] {
        let parts = runs(of: elements, minimumPerPart: minimumPerPart)
        guard parts.count > 1 else { return parts.map(transform) }
        return run(parts.map { part in { transform(part) } })
    }

    /// `elements` cut into contiguous runs, one per core and none smaller than
    /// `minimumPerPart` elements; one run when there are too few to split.
    static func runs<Element>(of elements: [Element], minimumPerPart: Int) -> [ArraySlice<Element>] {
        let partCount = max(1, min(maximumParts, elements.count / max(minimumPerPart, 1)))
        return (0..<partCount).map { part in
            elements[elements.count * part / partCount..<elements.count * (part + 1) / partCount]
        }
    }
}

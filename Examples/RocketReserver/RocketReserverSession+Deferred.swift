import Apogee
import Foundation
import RocketReserverAPI

extension RocketReserverSession {
    /// Shows a launch at once and its mission when the deferred payload comes: each payload is
    /// a result with all the data so far, and the mission is `.pending` until its own arrives.
    /// Returns how many results there were.
    @discardableResult
    func showLaunchThenMission(id: String) async throws -> Int {
        let started = ContinuousClock.now
        var results = 0
        for try await result in client.fetchResults(query: LaunchWithDeferredMissionQuery(id: id), cachePolicy: .fetchIgnoringCacheData) {
            results += 1
            try result.throwIfErrors()
            guard let launch = result.data?.launch else { throw ExampleFailure("there is no launch \(id)") }
            let elapsed = ContinuousClock.now - started
            let after = "after \(elapsed.formatted(.units(allowed: [.milliseconds], width: .narrow)))"
            switch launch.missionDetails {
            case .pending:
                let waitingFor = result.pendingIncrements.map(\.description).joined(separator: ", ")
                print("Launch \(launch.id) from \(launch.site ?? "?"), \(after); mission: … (pending: \(waitingFor.isEmpty ? "more to come" : waitingFor))")
            case .fulfilled(let details):
                print("Mission: \(details.mission?.name ?? "unnamed"), patch \(details.mission?.missionPatch ?? "none"), \(after)\(result.hasNext ? "" : "; the response is complete")")
            }
        }
        return results
    }
}

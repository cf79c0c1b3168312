@testable import Apogee
import ApogeeExampleServer
import Foundation
import RocketReserverAPI
import Testing

extension Result {
    /// The value, or `nil` for a failure.
    var value: Success? { try? get() }

    /// The error, or `nil` for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

@testable import ApogeeAPI
@testable import Apogee

extension Error {
    /// The subscription error inside, if this is one.
    var subscriptionError: SubscriptionError? {
        (self as? ApogeeError)?.subscriptionError
    }

    /// The transport error inside, if this is one.
    var transportError: TransportError? {
        (self as? ApogeeError)?.transportError
    }
}

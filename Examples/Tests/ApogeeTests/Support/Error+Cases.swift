@testable import ApogeeAPI
@testable import Apogee

extension Error {
    /// The subscription error inside, if this is one.
    var subscriptionError: SubscriptionError? {
        if case ApogeeError.subscription(let error)? = self as? ApogeeError { return error }
        return nil
    }

    /// The transport error inside, if this is one.
    var transportError: TransportError? {
        if case ApogeeError.transport(let error)? = self as? ApogeeError { return error }
        return nil
    }
}

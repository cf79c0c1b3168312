/// A fragment the operation defers with `@defer`: pending until its payload arrives, then
/// fulfilled with its data.
///
/// Generated code gives each deferred fragment this type, so that a screen shows what came
/// first and a placeholder for the rest, and never mistakes a fragment still on its way for one
/// the server left empty:
///
/// ```swift
/// switch launch.fragments.missionDetails {
/// case .pending: ProgressView()
/// case .fulfilled(let details): MissionView(details)
/// }
/// ```
///
/// A fragment whose delivery failed stays pending; the result's errors say why.
public enum Deferred<Fragment: Sendable & Hashable>: Sendable, Hashable {
    /// The fragment's data has not arrived yet.
    case pending
    /// The fragment's data, arrived.
    case fulfilled(Fragment)

    /// The fragment's data, or `nil` while it is pending.
    public var value: Fragment? {
        if case .fulfilled(let fragment) = self { return fragment }
        return nil
    }

    /// Whether the fragment's data has arrived.
    public var isFulfilled: Bool { value != nil }
}

extension Deferred where Fragment: SelectionSet {
    /// Decodes the fragment from the object it applies to: pending when a field it selects is
    /// not there yet, at any depth (the fragment may add fields to an object the rest of the
    /// query selects too), which is what a deferred payload still on its way looks like. Any
    /// other mismatch is still an error.
    public init(from object: ResponseObject) throws {
        do {
            self = .fulfilled(try Fragment(from: object))
        } catch let error as ResponseDecodingError where error.reason == .missingField {
            self = .pending
        }
    }
}

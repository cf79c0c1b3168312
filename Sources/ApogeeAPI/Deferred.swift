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
        // Most often the fragment's first own field tells, without an error thrown and caught
        // (which makes a path and a box) for each pending fragment.
        if let responseKey = Self.firstFieldKey, !object.hasMember(responseKey) {
            self = .pending
            return
        }
        do {
            self = .fulfilled(try Fragment(from: object))
        } catch let error as ResponseDecodingError where error.reason == .missingField {
            self = .pending
        }
    }
}

extension Deferred where Fragment: SelectionSet {
    /// The response key of the fragment's first field that a server's response always has
    /// once the fragment has come: not `__typename` (which the object has from the rest of the
    /// query), not a field under `@include` or `@skip`, not a local field or `__id` (which the
    /// server never sends). `nil` when it selects none such at its top.
    private static var firstFieldKey: String? {
        for selection in Fragment.__selections {
            if case .field(let field) = selection, !field.isResponseTypename, !field.hasConditions, !field.isLocal, !field.isClientID {
                return field.responseKey
            }
        }
        return nil
    }
}

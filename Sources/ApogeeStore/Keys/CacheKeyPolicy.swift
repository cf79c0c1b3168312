import ApogeeAPI

/// How the store names the record of a response object.
///
/// By default an object with an `id` is `Typename:id` (`Launch:25`). Keys declared beside the
/// schema with `@typePolicy(keyFields:)` come with the generated code and need no policy here.
/// ``keyFields`` names other identifying fields per type in code, and wins over the schema for
/// the types it lists: a type listed with no fields is never identified, so its objects live
/// under their path. For full control, give a closure. An object without a key is stored
/// under its path from its parent record.
///
/// Key fields are found by their key in the response, so select them without an alias;
/// types are named by their concrete `__typename`, so list each implementation of an interface.
public struct CacheKeyPolicy: Sendable {
    /// The fields that identify objects of each type, by `__typename`.
    public var keyFields: [String: [String]]
    /// The field that identifies objects of types not in ``keyFields``; `nil` keys them all by path.
    public var defaultKeyField: String?
    private var resolver: (@Sendable (_ typename: String, _ object: JSONObject) -> CacheKey?)?

    /// Keys objects by `defaultKeyField` (`id`), or by the fields listed for their type.
    public init(keyFields: [String: [String]] = [:], defaultKeyField: String? = "id") {
        self.keyFields = keyFields
        self.defaultKeyField = defaultKeyField
        self.resolver = nil
    }

    /// Keys objects with a closure that sees the object's `__typename` and its response
    /// fields; returning `nil` stores the object under its path. ``defaultKey(typename:object:)``
    /// is there for the cases the closure does not want to handle itself.
    public init(_ resolve: @escaping @Sendable (_ typename: String, _ object: JSONObject) -> CacheKey?) {
        self.keyFields = [:]
        self.defaultKeyField = "id"
        self.resolver = resolve
    }

    /// `Typename:id`, and `keyFields` as configured.
    public static let `default` = CacheKeyPolicy()

    /// The key of an object, or `nil` when it should be stored under its path.
    public func key(typename: String, object: JSONObject) -> CacheKey? {
        key(typename: typename, object: object, declaredKeyFields: [:])
    }

    /// The key of an object, with the keys the schema declares (`@typePolicy(keyFields:)`,
    /// carried by generated code as `__cacheKeyFields`) for the types this policy does not
    /// name: a closure, or an entry in ``keyFields``, wins over the schema.
    public func key(typename: String, object: JSONObject, declaredKeyFields: [String: [String]]) -> CacheKey? {
        key(typename: typename, object: JSONValue.object(object), rule: rule(for: typename, declaredKeyFields: declaredKeyFields))
    }

    /// How objects of one type get their key.
    enum KeyRule {
        /// The policy's closure decides.
        case resolver
        /// These fields, from the policy or the schema.
        case fields([String])
        /// The default key field.
        case defaultField(String)
        /// No key: the object lives under its path.
        case none

        /// The one field the key is made of, when it is made of one field's value alone.
        var singleField: String? {
            switch self {
            case .fields(let fields): fields.count == 1 ? fields[0] : nil
            case .defaultField(let field): field
            case .resolver, .none: nil
            }
        }
    }

    /// How objects of `typename` get their key: the same for every object of the type, so a
    /// walk over many objects of one type can work it out once.
    func rule(for typename: String, declaredKeyFields: [String: [String]]) -> KeyRule {
        if resolver != nil { return .resolver }
        // Most policies name no type: then neither dictionary below needs hashing the name twice.
        let configured = keyFields.isEmpty ? nil : keyFields[typename]
        if configured == nil, !declaredKeyFields.isEmpty, let declared = declaredKeyFields[typename] {
            return .fields(declared)
        }
        if let configured { return .fields(configured) }
        return defaultKeyField.map(KeyRule.defaultField) ?? .none
    }

    /// The key `rule` gives an object of `typename`.
    func key<JSON: ResponseJSON>(typename: String, object: JSON, rule: KeyRule) -> CacheKey? {
        var keyValue: JSONValue?
        return key(typename: typename, object: object, rule: rule, keyValue: &keyValue)
    }

    /// The key `rule` gives an object of `typename`; a key made of one field's value gives
    /// that value in `keyValue` too, for the normalizer to store as the field without reading
    /// it and making its string again.
    func key<JSON: ResponseJSON>(typename: String, object: JSON, rule: KeyRule, keyValue: inout JSONValue?) -> CacheKey? {
        if let field = rule.singleField {
            keyValue = object.member(field)?.jsonValue
            return Self.singleFieldKey(typename: typename, value: keyValue)
        }
        return switch rule {
        case .resolver: resolver?(typename, object.jsonValue.objectValue ?? [:])
        case .fields(let fields): Self.key(typename: typename, object: object, fields: fields)
        case .defaultField, .none: nil
        }
    }

    /// The key ``keyFields`` and ``defaultKeyField`` give, ignoring any closure.
    ///
    /// One field gives `Typename:value`; several give `Typename:` followed by the canonical
    /// JSON of those fields, so values containing separators cannot collide. An object that
    /// lacks a key field, or has it null, has no key.
    public func defaultKey(typename: String, object: JSONObject) -> CacheKey? {
        if let fields = keyFields[typename] {
            return Self.key(typename: typename, object: JSONValue.object(object), fields: fields)
        }
        guard let defaultKeyField else { return nil }
        return Self.singleFieldKey(typename: typename, value: object[defaultKeyField])
    }

    /// The key `fields` give: none for no fields, `Typename:value` for one, `Typename:` and the
    /// canonical JSON of the values for several.
    private static func key<JSON: ResponseJSON>(typename: String, object: JSON, fields: [String]) -> CacheKey? {
        switch fields.count {
        case 0: return nil
        case 1: return singleFieldKey(typename: typename, value: object.member(fields[0])?.jsonValue)
        default:
            var values = JSONObject(minimumCapacity: fields.count)
            for field in fields {
                guard let value = object.member(field), !value.isNull else { return nil }
                values[field] = value.jsonValue
            }
            return CacheKey(typename + ":" + JSONValue.object(values).serializedString)
        }
    }

    /// The key one field's value gives: `Typename:value`, or none for a missing or null value.
    private static func singleFieldKey(typename: String, value: JSONValue?) -> CacheKey? {
        switch value {
        case .string(let string)?: CacheKey(typename: typename, id: string)
        case .int(let int)?: CacheKey(typename: typename, id: String(int))
        case nil, .null?: nil
        case let other?: CacheKey(typename + ":" + other.serializedString)
        }
    }
}

import ApogeeAPI
import GraphQL

extension Map {
    /// The GraphQL engine's value for a JSON value of a request (variables, extensions).
    init(_ json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .number(Number(int))
        case .double(let double): self = .number(Number(double))
        case .string(let string): self = .string(string)
        case .array(let array): self = .array(array.map(Map.init))
        case .object(let object):
            // Sorted so that the engine sees the same order for equal requests.
            let pairs = object.sorted { $0.key < $1.key }.map { ($0.key, Map($0.value)) }
            self = .dictionary(.init(uniqueKeysWithValues: pairs))
        }
    }
}

extension JSONWriter {
    /// Writes a result value keeping the order of object keys, which for `data` is the order
    /// of the selection set, as the GraphQL spec asks of serializations that have an order.
    mutating func write(_ map: Map) {
        switch map {
        case .undefined, .null:
            write(JSONValue.null)
        case .bool(let bool):
            write(JSONValue.bool(bool))
        case .number(let number):
            switch number.storageType {
            case .bool: write(JSONValue.bool(number.boolValue))
            case .int: write(JSONValue.int(number.intValue))
            case .double, .unknown: write(number.doubleValue)
            }
        case .string(let string):
            write(string)
        case .array(let array):
            writeRaw("[")
            for (index, element) in array.enumerated() {
                if index > 0 { writeRaw(",") }
                write(element)
            }
            writeRaw("]")
        case .dictionary(let dictionary):
            writeRaw("{")
            var first = true
            for (key, value) in dictionary where !value.isUndefined {
                if !first { writeRaw(",") }
                first = false
                write(key)
                writeRaw(":")
                write(value)
            }
            writeRaw("}")
        }
    }
}

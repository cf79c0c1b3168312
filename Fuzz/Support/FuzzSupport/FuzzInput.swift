/// The fuzzer's bytes, read as the choices a target makes (how many parts, where to split)
/// followed by the data itself. Reading past the end gives zeros, so every input is usable.
public struct FuzzInput {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    /// The input libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(_ start: UnsafePointer<UInt8>?, _ count: Int) {
        bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : count)
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or zero at the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number below `bound`, from the next byte.
    public mutating func number(below bound: Int) -> Int {
        bound <= 1 ? 0 : Int(byte()) % bound
    }

    /// The next `count` bytes, or fewer at the end.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, position + max(0, count))
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// A run of bytes whose length comes first, as one byte.
    public mutating func shortRun() -> [UInt8] {
        bytes(Int(byte()))
    }

    /// Everything not read yet.
    public mutating func rest() -> [UInt8] {
        bytes(bytes.count - position)
    }

    /// The whole input, whatever has been read.
    public var all: UnsafeBufferPointer<UInt8> { bytes }
}

/// Ends the run as a crash that libFuzzer records, when a property the target checks fails.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    guard condition() else {
        fatalError("property failed: \(message())", file: file, line: line)
    }
}

/// Splits `bytes` at points the input chooses, as a network may deliver them.
public func chunks(of bytes: [UInt8], splitBy input: inout FuzzInput) -> [ArraySlice<UInt8>] {
    var pieces: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
        // Once the choices run out, the rest comes as one piece.
        let length = input.isAtEnd ? bytes.count - start : 1 + input.number(below: 64)
        let end = min(bytes.count, start + length)
        pieces.append(bytes[start..<end])
        start = end
    }
    return pieces
}

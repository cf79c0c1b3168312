import FuzzSupport

/// The target's entry point: libFuzzer runs ``fuzzIncremental(_:_:)`` on each input.
@main
enum Main {
    static func main() {
        runFuzzer(fuzzIncremental)
    }
}

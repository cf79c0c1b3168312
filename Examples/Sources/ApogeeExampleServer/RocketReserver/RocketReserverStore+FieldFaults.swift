import Graphiti

/// Fields told to fail, for the tests of field errors: a failing field's resolver throws, so
/// the server answers it with `null` and an error at its path, as any GraphQL server does.
extension RocketReserverStore {
    /// Makes the fields named `Type.field` (`Launch.mission`, `Launch.rocket`) fail from now
    /// on, and every other field resolve again.
    func setFailingFields(_ fields: Set<String>) {
        failingFields = fields
    }

    /// Throws the field's error when the field is told to fail.
    func checkField(_ coordinate: String) throws(FieldFault) {
        if failingFields.contains(coordinate) { throw FieldFault(coordinate: coordinate) }
    }
}

/// The error of a field told to fail: its message names the field, and its `code` says it
/// was injected.
struct FieldFault: Error, CustomStringConvertible {
    let coordinate: String

    var description: String { "\(coordinate) is unavailable (injected fault)" }
}

extension Launch {
    /// The mission, unless `Launch.mission` is told to fail.
    func mission(context: RocketReserverContext, arguments: NoArguments) async throws -> Mission? {
        try await context.store.checkField("Launch.mission")
        return mission
    }

    /// The rocket, unless `Launch.rocket` is told to fail.
    func rocket(context: RocketReserverContext, arguments: NoArguments) async throws -> Rocket? {
        try await context.store.checkField("Launch.rocket")
        return rocket
    }
}

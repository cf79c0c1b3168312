// The generated types of this module come from the .graphql files beside this file: the
// ApogeeCodegenPlugin writes them on every build, following apogee.json. They sit in a target
// of their own because StoreBenchmarks' apogee.json already names another schema (GitHub's).

/// Generated code names ApogeeAPI's types; the benchmarks get them without a second import.
@_exported import ApogeeAPI

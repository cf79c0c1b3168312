// The generated types of this module come from the .graphql files beside this file: the
// ApogeeCodegenPlugin writes them on every build, following apogee.json, which adds
// cache-policy.graphqls to the schema. This file exists because SwiftPM needs one source
// file in a target before its plugins run.

/// Generated code names ApogeeAPI's types; the tests get them without a second import.
@_exported import ApogeeAPI

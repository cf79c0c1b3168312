// The generated types of this module come from the .graphql files beside this file, against
// the RocketReserver schema extended by local-fields.graphqls (fields only the client knows).
// They live apart from ClientFixtures so that only these operations select local fields.

/// Generated code names ApogeeAPI's types; the tests get them without a second import.
@_exported import ApogeeAPI

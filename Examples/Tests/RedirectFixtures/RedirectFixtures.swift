// The generated types of this module come from the .graphql files beside this file, against
// the RocketReserver schema extended by cache-policy.graphqls (a redirect on Query.launch).
// They live apart from ClientFixtures so that only these operations are redirected.

/// Generated code names ApogeeAPI's types; the tests get them without a second import.
@_exported import ApogeeAPI

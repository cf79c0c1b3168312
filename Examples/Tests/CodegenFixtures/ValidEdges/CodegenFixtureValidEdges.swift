// Generated code for documents valid by the specification that Apogee once refused or
// generated wrongly: a selection set of fragment spreads alone, a lower-case fragment name, a
// capitalized field named like its type, recursive and `@oneOf` input objects, descriptions
// on operations and fragments, and introspection fields; built by ApogeeCodegenPlugin from
// the .graphql files here.
@_exported import ApogeeAPI

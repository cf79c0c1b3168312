// Generated code compiled with default main-actor isolation (SE-0466), as in a new Xcode app
// target, built by ApogeeCodegenPlugin from the .graphql files here. Every generated
// declaration must stay usable off the main actor, without a warning.
@_exported import ApogeeAPI

// Generated code for a small review schema with enums, nested input objects, nullable inputs,
// a custom scalar mapping and keywords as names, built by ApogeeCodegenPlugin from the
// .graphql files here.
@_exported import ApogeeAPI

// Generated code for the to-do schema of ../shared/schemas/todo.graphqls, built by
// ApogeeCodegenPlugin from the .graphql files here. Code generation's golden tests compare
// against the same files, and GeneratedCodeTests exercises the compiled result.
@_exported import ApogeeAPI

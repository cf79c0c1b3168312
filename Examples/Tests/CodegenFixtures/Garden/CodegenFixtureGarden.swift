// Code generated for the garden schema: the shapes of Apollo iOS's AnimalKingdom corpus, whose
// generated size the benchmarks measure (Benchmarks/README.md, "Generated code size").
@_exported import ApogeeAPI

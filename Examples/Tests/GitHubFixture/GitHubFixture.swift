// The types generated for GitHub's schema and the fixture's operation, which
// GeneratedCodeTests decodes the recorded response with and builds test data for.
@_exported import ApogeeAPI

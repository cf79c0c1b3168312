// One import for users: `import Apogee` brings the runtime vocabulary that generated code uses,
// the normalized store the client keeps its results in, and the HTTP field and status types
// that appear in requests and results.
@_exported import ApogeeAPI
@_exported import ApogeeStore
@_exported import HTTPTypes

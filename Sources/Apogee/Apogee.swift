// One import for users: `import Apogee` brings the runtime vocabulary that generated code uses
// and the normalized store the client keeps its results in, both Apogee's own modules. The HTTP
// field and status types of requests and results are swift-http-types' (`import HTTPTypes`),
// which an app imports itself where it reads them.
@_exported import ApogeeAPI
@_exported import ApogeeStore

import Apogee
import Foundation

// Enough of the client to make the build link what an app links: a client, its store and
// transport, shut down again.
guard let url = URL(string: "http://127.0.0.1:4000/graphql") else { fatalError("a literal URL") }
let client = ApogeeClient(url: url)
try await client.shutdown()
print("Apogee \(ApogeeVersion.current)")

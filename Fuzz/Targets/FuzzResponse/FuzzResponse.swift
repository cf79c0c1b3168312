@testable import Apogee
import ApogeeAPI
import ApogeeStore
import Foundation
import FuzzSupport

/// The client, built once with a store of its own; the fuzzer never reaches its transport.
let client = ApogeeClient(url: URL(string: "http://127.0.0.1:1/graphql")!, store: NormalizedStore())
let operation = FuzzLaunchesQuery(after: "cursor")

/// A response body, any bytes, through the path every server result takes: read as a GraphQL
/// response, decoded into the operation's typed `Data`, and written into the store. Each step
/// either works or gives a typed error; a body that fails to decode writes nothing; and what
/// a clean result wrote reads back from the store. The body is read in place, as a
/// `JSONDocument`; read through a `JSONValue` tree instead, it must give the same result: the
/// same typed data, errors and extensions, or a failure just the same.
public func fuzzResponse(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = FuzzInput(start, count)
    // The store starts empty each time, so records from earlier inputs neither pile up nor
    // make a write look like a change it is not.
    _ = try? client.store.clear()
    let body: GraphQLResponseBody
    do {
        body = try GraphQLResponseBody(parsing: Data(input.all))
    } catch {
        return 0
    }
    let treeBody = (try? JSONValue(parsing: input.all)).flatMap(\.objectValue).flatMap { try? GraphQLResponseBody(object: $0) }
    guard let treeBody else { fatalError("the body reads as a document but not as a tree") }
    let treeResult = try? GraphQLResult<FuzzLaunchesQuery.Data>(decoding: treeBody, httpResponse: nil)
    let result: GraphQLResult<FuzzLaunchesQuery.Data>
    do {
        result = try GraphQLResult(decoding: body, httpResponse: nil)
    } catch {
        guard (error as? ApogeeError)?.code == .responseDecoding else {
            fatalError("decoding failed with an untyped error: \(error)")
        }
        require(treeResult == nil, "the document failed to decode what the tree decodes: \(error)")
        return 0
    }
    guard let treeResult else { fatalError("the document decoded what the tree fails to decode") }
    require(treeResult.data == result.data, "the document and the tree decode different data")
    require(treeResult.errors == result.errors && treeResult.extensions == result.extensions, "the document and the tree read different errors or extensions")
    let stored = client.storing(result, for: operation)
    if stored.data == nil || stored.errors != nil {
        return 0
    }
    require(stored.cacheWriteError == nil, "a clean result failed to store: \(String(describing: stored.cacheWriteError))")
    do {
        let read = try client.store.read(operation)
        require(read.miss == nil, "a clean result does not read back: \(String(describing: read.miss))")
    } catch {
        fatalError("reading back a clean result threw: \(error)")
    }
    return 0
}

@testable import ApogeeAPI
import ApogeeExampleServer
import TestSupport
import Testing

/// The tutorial's story against the server: log in, book, see `isBooked`, cancel.
@Suite struct RocketReserverFlowTests {
    static let book = "mutation Book($ids: [ID]!) { bookTrips(launchIds: $ids) { success message launches { id isBooked } } }"
    static let cancel = "mutation Cancel($id: ID!) { cancelTrip(launchId: $id) { success message launches { id isBooked } } }"
    static let launch = "query Launch($id: ID!) { launch(id: $id) { id isBooked site mission { name } } }"

    @Test func loginReturnsATokenThatIdentifiesTheUser() async throws {
        try await withServer { server in
            let token = try await logIn(server, email: "ada@example.com")
            let again = try await logIn(server, email: "ada@example.com")
            #expect(token != again, "each login opens a new session")
            for authorization in [token, again, " \(token) "] {
                let me = try await graphQL(server.rocketReserverURL, "{ me { id email token } }", headers: ["Authorization": authorization])
                #expect(me[path: "data", "me", "email"] == "ada@example.com")
                #expect(me[path: "data", "me", "id"] == "1")
            }
        }
    }

    /// As the tutorial's server: the raw token and nothing else. A scheme before it makes a
    /// token no one has.
    @Test(arguments: ["Bearer", "bearer", "Token"])
    func aTokenAfterASchemeIsRefused(scheme: String) async throws {
        try await withServer { server in
            let token = try await logIn(server, email: "ada@example.com")
            let me = try await graphQL(server.rocketReserverURL, "{ me { id } }", headers: ["Authorization": "\(scheme) \(token)"])
            #expect(me[path: "data", "me"] == .null)
            #expect(me[path: "errors", 0, "message"] != nil)
        }
    }

    @Test func meIsNullWithoutTokenAndAnErrorWithAnUnknownOne() async throws {
        try await withServer { server in
            let anonymous = try await graphQL(server.rocketReserverURL, "{ me { id } }")
            #expect(anonymous[path: "data", "me"] == .null)
            #expect(anonymous[path: "errors"] == nil)
            let forged = try await graphQL(server.rocketReserverURL, "{ me { id } }", headers: ["Authorization": "not-a-token"])
            #expect(forged[path: "data", "me"] == .null)
            #expect(forged[path: "errors", 0, "extensions", "code"] == "UNAUTHENTICATED")
            #expect(forged[path: "errors", 0, "path", 0] == "me")
        }
    }

    @Test func loginRefusesAMissingEmail() async throws {
        try await withServer { server in
            let response = try await graphQL(server.rocketReserverURL, "mutation { login { token } }")
            #expect(response[path: "data", "login"] == .null)
            #expect(response[path: "errors", 0, "extensions", "code"] == "BAD_USER_INPUT")
        }
    }

    @Test(arguments: [nil, "Bearer unknown"])
    func bookingNeedsAValidToken(authorization: String?) async throws {
        try await withServer { server in
            let headers = authorization.map { ["Authorization": $0] } ?? [:]
            let response = try await graphQL(server.rocketReserverURL, Self.book, variables: ["ids": ["1"]], headers: headers)
            #expect(response[path: "data"] == .null, "bookTrips is non-null, so its error nulls data")
            #expect(response[path: "errors", 0, "extensions", "code"] == "UNAUTHENTICATED")
            #expect(response[path: "errors", 0, "path"] == ["bookTrips"])
        }
    }

    @Test func bookThenCancelChangesIsBookedForThatUserOnly() async throws {
        try await withServer { server in
            let url = server.rocketReserverURL
            let ada = ["Authorization": try await logIn(server, email: "ada@example.com")]
            let bob = ["Authorization": try await logIn(server, email: "bob@example.com")]

            let booked = try await graphQL(url, Self.book, variables: ["ids": ["25", "26"]], headers: ada)
            #expect(booked[path: "data", "bookTrips", "success"] == true)
            #expect(booked[path: "data", "bookTrips", "launches"] == [["id": "25", "isBooked": true], ["id": "26", "isBooked": true]])

            #expect(try await graphQL(url, Self.launch, variables: ["id": "25"], headers: ada)[path: "data", "launch", "isBooked"] == true)
            #expect(try await graphQL(url, Self.launch, variables: ["id": "25"], headers: bob)[path: "data", "launch", "isBooked"] == false)
            #expect(try await graphQL(url, Self.launch, variables: ["id": "25"])[path: "data", "launch", "isBooked"] == false)
            let trips = try await graphQL(url, "{ me { trips { id } } }", headers: ada)
            #expect(trips[path: "data", "me", "trips"] == [["id": "25"], ["id": "26"]])

            let cancelled = try await graphQL(url, Self.cancel, variables: ["id": "25"], headers: ada)
            #expect(cancelled[path: "data", "cancelTrip", "success"] == true)
            #expect(cancelled[path: "data", "cancelTrip", "launches"] == [["id": "25", "isBooked": false]])
            #expect(try await graphQL(url, Self.launch, variables: ["id": "25"], headers: ada)[path: "data", "launch", "isBooked"] == false)

            let again = try await graphQL(url, Self.cancel, variables: ["id": "25"], headers: ada)
            #expect(again[path: "data", "cancelTrip", "success"] == false)
        }
    }

    @Test func bookingAnUnknownLaunchReportsFailure() async throws {
        try await withServer { server in
            let headers = ["Authorization": try await logIn(server)]
            let response = try await graphQL(server.rocketReserverURL, Self.book, variables: ["ids": ["3", "9999"]], headers: headers)
            #expect(response[path: "data", "bookTrips", "success"] == false)
            #expect(response[path: "data", "bookTrips", "message"]?.stringValue?.contains("9999") == true)
            #expect(response[path: "data", "bookTrips", "launches"] == [["id": "3", "isBooked": true]])
        }
    }

    @Test func launchDetailsAreRealisticAndPatchSizesDiffer() async throws {
        try await withServer { server in
            let query = "{ launch(id: 53) { site rocket { id name type } mission { name small: missionPatch(size: SMALL) large: missionPatch(size: LARGE) default: missionPatch } } }"
            let launch = try #require(try await graphQL(server.rocketReserverURL, query)[path: "data", "launch"])
            #expect(launch[path: "mission", "name"] == "Falcon Heavy Test Flight")
            #expect(launch[path: "rocket", "name"] == "Falcon Heavy")
            #expect(launch[path: "site"] == "KSC LC 39A")
            let small = try #require(launch[path: "mission", "small"]?.stringValue)
            let large = try #require(launch[path: "mission", "large"]?.stringValue)
            #expect(small != large)
            #expect(launch[path: "mission", "default"]?.stringValue == large)
            #expect(try await graphQL(server.rocketReserverURL, "{ launch(id: \"0\") { id } }")[path: "data", "launch"] == .null)
        }
    }

    @Test func serversDoNotShareUsers() async throws {
        try await withServer { first in
            try await withServer { second in
                let token = try await logIn(first)
                let response = try await graphQL(second.rocketReserverURL, "{ me { id } }", headers: ["Authorization": token])
                #expect(response[path: "errors", 0, "extensions", "code"] == "UNAUTHENTICATED")
                #expect(first.port != second.port)
            }
        }
    }
}

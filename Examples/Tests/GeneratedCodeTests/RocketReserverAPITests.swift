@testable import ApogeeAPI
import Foundation
import RocketReserverAPI
import Testing

/// The example module the plugin generates: the tutorial's operations as users write them.
@Suite("RocketReserverAPI as generated")
struct RocketReserverAPITests {
    @Test func bookTripReadsTheBookedLaunchThroughItsFragment() throws {
        let json: JSONObject = [
            "bookTrips": [
                "__typename": "TripUpdateResponse", "success": true, "message": "booked",
                "launches": [["__typename": "Launch", "id": "25", "site": "KSC", "isBooked": true, "mission": nil]],
            ],
        ]
        let data = try BookTripMutation.Data(json: json)
        #expect(data.bookTrips.success)
        #expect(data.bookTrips.launches?.first??.fragments.launchTile.isBooked == true)
        #expect(BookTripMutation(id: "25").variablesJSON == ["id": "25"])
        #expect(BookTripMutation.operationIdentifier == SHA256.hexDigest(of: BookTripMutation.document))
    }

    @Test func uploadIsATypedVariable() {
        let upload = Upload(data: Data("png".utf8), fileName: "me.png", mimeType: "image/png")
        let mutation = UploadProfileImageMutation(file: upload)
        #expect(mutation.variables == [InputField("file", .upload(upload))])
        #expect(mutation.variablesJSON == ["file": nil])
    }

    @Test func launchListPagesWithNullableVariables() {
        #expect(LaunchListQuery().variablesJSON == [:])
        #expect(LaunchListQuery(pageSize: 10, after: "c").variablesJSON == ["pageSize": 10, "after": "c"])
        #expect(LaunchListQuery.document.hasPrefix("query LaunchList($pageSize: Int, $after: String) { launches(pageSize: $pageSize, after: $after) { __typename cursor hasMore"))
    }

    @Test func subscriptionsAreGeneratedToo() throws {
        #expect(TripsBookedSubscription.operationType == .subscription)
        #expect(try TripsBookedSubscription.Data(json: ["tripsBooked": 3]).tripsBooked == 3)
    }
}

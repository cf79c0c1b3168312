@testable import ApogeeAPI
import Foundation
import Testing

@Suite("Decoding and encoding generated selection sets")
struct DecodingTests {
    let response: JSONValue = [
        "bookTrips": [
            "__typename": "TripUpdateResponse", "success": true, "message": nil,
            "launches": [[
                "__typename": "Launch", "id": "25", "site": "KSC", "isBooked": true,
                "mission": ["__typename": "Mission", "name": "Starlink", "missionPatch": nil],
            ]],
        ],
    ]

    @Test func decodesNestedDataAndFragments() throws {
        let data = try BookTripMutation.Data(responseValue: response)
        #expect(data.bookTrips.success)
        #expect(data.bookTrips.message == nil)
        let tile = try #require(data.bookTrips.launches?.first??.fragments.launchTile)
        #expect(tile.id == "25")
        #expect(tile.mission?.name == "Starlink")
    }

    @Test func encodesBackToTheSameJSON() throws {
        let data = try BookTripMutation.Data(responseValue: response)
        #expect(data.responseValue == response)
    }

    @Test func memberwiseInitializersBuildData() throws {
        let tile = LaunchTile(id: "7", site: nil, isBooked: false, mission: nil)
        let data = BookTripMutation.Data(bookTrips: .init(success: true, message: "ok", launches: [.init(fragments: .init(launchTile: tile))]))
        #expect(try BookTripMutation.Data(responseValue: data.responseValue) == data)
    }

    @Test func wrongTypeNamesThePath() throws {
        var bad = response.objectValue!
        bad["bookTrips"] = ["__typename": "TripUpdateResponse", "success": true, "message": nil,
                            "launches": [["__typename": "Launch", "id": 25, "site": nil, "isBooked": true, "mission": nil]]]
        let error = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(json: bad) }
        #expect(error.path == ["bookTrips", "launches", 0, "id"])
        #expect(error.reason == .typeMismatch(expected: "a string", found: "a number"))
    }

    @Test func nullForNonNullIsAnError() throws {
        let bad: JSONObject = ["bookTrips": ["__typename": "TripUpdateResponse", "success": nil, "message": nil, "launches": nil]]
        let error = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(json: bad) }
        #expect(error.path == ["bookTrips", "success"])
        #expect(error.reason == .unexpectedNull)
    }

    @Test func missingNullableFieldIsAnError() throws {
        let bad: JSONObject = ["bookTrips": ["__typename": "TripUpdateResponse", "success": true, "launches": nil]]
        let error = try #require(throws: ResponseDecodingError.self) { try BookTripMutation.Data(json: bad) }
        #expect(error.path == ["bookTrips", "message"])
        #expect(error.reason == .missingField)
    }

    @Test func unknownEnumValuesAreKept() throws {
        #expect(try PatchSize(responseValue: "SMALL") == .small)
        #expect(try PatchSize(responseValue: "HUGE") == .unknown("HUGE"))
        #expect(PatchSize.unknown("HUGE").rawValue == "HUGE")
    }
}

@Suite("Input values")
struct InputValueTests {
    @Test func nullableInputsTellLeftOutFromNull() {
        #expect(ReviewInput(stars: 5).inputValue.jsonValue == ["stars": 5])
        #expect(ReviewInput(stars: 5, commentary: .null).inputValue.jsonValue == ["stars": 5, "commentary": nil])
        #expect(ReviewInput(stars: 5, commentary: "Great", favoriteSize: .some(.large)).inputValue.jsonValue
            == ["stars": 5, "commentary": "Great", "favoriteSize": "LARGE"])
    }

    @Test func fieldsKeepDeclaredOrder() {
        let names = ReviewInput(stars: 1, commentary: "c", favoriteSize: .some(.small)).fields.map(\.name)
        #expect(names == ["stars", "commentary", "favoriteSize"])
    }

    @Test func variablesOfAnOperation() {
        #expect(BookTripMutation(id: "25").variablesJSON == ["id": "25"])
    }

    @Test func uploadsAreFoundAnywhereAndSentAsNull() {
        let file = Upload(data: Data([1, 2, 3]), fileName: "a.bin")
        let value = InputValue.object([
            InputField("file", file.inputValue),
            InputField("nested", .object([InputField("files", [file, file].inputValue)])),
        ])
        #expect(value.uploads.map(\.path) == [["file"], ["nested", "files", "0"], ["nested", "files", "1"]])
        #expect(value.jsonValue == ["file": nil, "nested": ["files": [nil, nil]]])
    }

    @Test func argumentsResolveVariables() {
        let argument = ArgumentValue.object([.init("ids", .list([.variable("id"), .literal("2")]))])
        #expect(argument.resolved(with: ["id": "1"]) == ["ids": ["1", "2"]])
    }
}

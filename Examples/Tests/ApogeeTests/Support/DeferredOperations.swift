import Apogee

// Operations with `@defer` and `@stream` against the example server's RocketReserver schema,
// written as code generation writes operations: each deferred fragment a `Deferred` property,
// each streamed list a plain list that grows.

/// `query DeferredLaunch($id: ID!) { launch(id: $id) { id site ... @defer(label: "Mission") { mission { name } } } }`
struct DeferredLaunchQuery: GraphQLQuery {
    static let operationName = "DeferredLaunch"
    static let document = #"query DeferredLaunch($id: ID!) { launch(id: $id) { __typename id site ... @defer(label: "Mission") { mission { __typename name } } } }"#
    static let __deliversIncrementally = true

    var id: String
    var variables: [InputField] { InputField.fields(["id": id.inputValue]) }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launch", arguments: [.init("id", .variable("id"))], type: .object("Launch", Launch.__selections))),
        ]
        var launch: Launch?

        init(from object: ResponseObject) throws { launch = try object.decode("launch") }
        var __fields: JSONObject { ["launch": launch.responseValue] }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .field(.init("site", type: .scalar("String"))),
                .inlineFragment(.init(on: nil, selections: MissionDetails.__selections)),
            ]
            var id: String
            var site: String?
            var missionDetails: Deferred<MissionDetails>

            init(from object: ResponseObject) throws {
                id = try object.decode("id")
                site = try object.decode("site")
                missionDetails = try Deferred(from: object)
            }

            var __fields: JSONObject {
                var fields: JSONObject = ["__typename": "Launch", "id": .string(id), "site": site.responseValue]
                if let details = missionDetails.value { fields.mergeDeeply(details.__fields) }
                return fields
            }
        }

        /// `... @defer(label: "Mission") { mission { name } }`
        struct MissionDetails: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("mission", type: .object("Mission", Mission.__selections))),
            ]
            var mission: Mission?

            init(from object: ResponseObject) throws { mission = try object.decode("mission") }
            var __fields: JSONObject { ["mission": mission.responseValue] }
        }

        struct Mission: SelectionSet {
            static let __parentType = "Mission"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("name", type: .scalar("String"))),
            ]
            var name: String?

            init(from object: ResponseObject) throws { name = try object.decode("name") }
            var __fields: JSONObject { ["__typename": "Mission", "name": name.responseValue] }
        }
    }
}

/// `query DeferredLaunchPage { launches(pageSize: 3) { cursor launches { id ... @defer(label: "Site") { site } } } }`:
/// a fragment deferred in each item of a list.
struct DeferredLaunchPageQuery: GraphQLQuery {
    static let operationName = "DeferredLaunchPage"
    static let document = #"query DeferredLaunchPage { launches(pageSize: 3) { __typename cursor launches { __typename id ... @defer(label: "Site") { site } } } }"#
    static let __deliversIncrementally = true

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launches", arguments: [.init("pageSize", .literal(3))], type: .nonNull(.object("LaunchConnection", Page.__selections)))),
        ]
        var launches: Page

        init(from object: ResponseObject) throws { launches = try object.decode("launches") }
        var __fields: JSONObject { ["launches": launches.responseValue] }

        struct Page: SelectionSet {
            static let __parentType = "LaunchConnection"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("cursor", type: .nonNull(.scalar("String")))),
                .field(.init("launches", type: .nonNull(.list(.object("Launch", Launch.__selections))))),
            ]
            var cursor: String
            var launches: [Launch?]

            init(from object: ResponseObject) throws {
                cursor = try object.decode("cursor")
                launches = try object.decode("launches")
            }
            var __fields: JSONObject { ["__typename": "LaunchConnection", "cursor": .string(cursor), "launches": launches.responseValue] }
        }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .inlineFragment(.init(on: nil, selections: SiteDetails.__selections)),
            ]
            var id: String
            var siteDetails: Deferred<SiteDetails>

            init(from object: ResponseObject) throws {
                id = try object.decode("id")
                siteDetails = try Deferred(from: object)
            }

            var __fields: JSONObject {
                var fields: JSONObject = ["__typename": "Launch", "id": .string(id)]
                if let details = siteDetails.value { fields.mergeDeeply(details.__fields) }
                return fields
            }
        }

        struct SiteDetails: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [.field(.init("site", type: .scalar("String")))]
            var site: String?

            init(from object: ResponseObject) throws { site = try object.decode("site") }
            var __fields: JSONObject { ["site": site.responseValue] }
        }
    }
}

/// `query StreamedLaunches($initialCount: Int!) { launches(pageSize: 5) { launches @stream(initialCount: $initialCount, label: "Rows") { id site } } }`
struct StreamedLaunchesQuery: GraphQLQuery {
    static let operationName = "StreamedLaunches"
    static let document = #"query StreamedLaunches($initialCount: Int!) { launches(pageSize: 5) { __typename launches @stream(initialCount: $initialCount, label: "Rows") { __typename id site } } }"#
    static let __deliversIncrementally = true

    var initialCount: Int
    var variables: [InputField] { InputField.fields(["initialCount": initialCount.inputValue]) }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launches", arguments: [.init("pageSize", .literal(5))], type: .nonNull(.object("LaunchConnection", Page.__selections)))),
        ]
        var launches: Page

        init(from object: ResponseObject) throws { launches = try object.decode("launches") }
        var __fields: JSONObject { ["launches": launches.responseValue] }

        struct Page: SelectionSet {
            static let __parentType = "LaunchConnection"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("launches", type: .nonNull(.list(.object("Launch", Launch.__selections))))),
            ]
            var launches: [Launch?]

            init(from object: ResponseObject) throws { launches = try object.decode("launches") }
            var __fields: JSONObject { ["__typename": "LaunchConnection", "launches": launches.responseValue] }
        }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .field(.init("site", type: .scalar("String"))),
            ]
            var id: String
            var site: String?

            init(from object: ResponseObject) throws {
                id = try object.decode("id")
                site = try object.decode("site")
            }
            var __fields: JSONObject { ["__typename": "Launch", "id": .string(id), "site": site.responseValue] }
        }
    }
}

/// `query LaunchMission($id: ID!) { launch(id: $id) { id mission { name } } }`: another query
/// over the records a deferred fragment fills.
struct LaunchMissionQuery: GraphQLQuery {
    static let operationName = "LaunchMission"
    static let document = #"query LaunchMission($id: ID!) { launch(id: $id) { __typename id mission { __typename name } } }"#

    var id: String
    var variables: [InputField] { InputField.fields(["id": id.inputValue]) }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launch", arguments: [.init("id", .variable("id"))], type: .object("Launch", Launch.__selections))),
        ]
        var launch: Launch?

        init(from object: ResponseObject) throws { launch = try object.decode("launch") }
        var __fields: JSONObject { ["launch": launch.responseValue] }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .field(.init("mission", type: .object("Mission", DeferredLaunchQuery.Data.Mission.__selections))),
            ]
            var id: String
            var mission: DeferredLaunchQuery.Data.Mission?

            init(from object: ResponseObject) throws {
                id = try object.decode("id")
                mission = try object.decode("mission")
            }
            var __fields: JSONObject { ["__typename": "Launch", "id": .string(id), "mission": mission.responseValue] }
        }
    }
}

/// `query NestedDeferredLaunch($id: ID!) { launch(id: $id) { id ... @defer(label: "Outer") { site rocket { id ... @defer(label: "Inner") { name } } } } }`
struct NestedDeferredLaunchQuery: GraphQLQuery {
    static let operationName = "NestedDeferredLaunch"
    static let document = #"query NestedDeferredLaunch($id: ID!) { launch(id: $id) { __typename id ... @defer(label: "Outer") { site rocket { __typename id ... @defer(label: "Inner") { name } } } } }"#
    static let __deliversIncrementally = true

    var id: String
    var variables: [InputField] { InputField.fields(["id": id.inputValue]) }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launch", arguments: [.init("id", .variable("id"))], type: .object("Launch", Launch.__selections))),
        ]
        var launch: Launch?

        init(from object: ResponseObject) throws { launch = try object.decode("launch") }
        var __fields: JSONObject { ["launch": launch.responseValue] }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .inlineFragment(.init(on: nil, selections: Outer.__selections)),
            ]
            var id: String
            var outer: Deferred<Outer>

            init(from object: ResponseObject) throws {
                id = try object.decode("id")
                outer = try Deferred(from: object)
            }

            var __fields: JSONObject {
                var fields: JSONObject = ["__typename": "Launch", "id": .string(id)]
                if let outer = outer.value { fields.mergeDeeply(outer.__fields) }
                return fields
            }
        }

        struct Outer: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("site", type: .scalar("String"))),
                .field(.init("rocket", type: .object("Rocket", Rocket.__selections))),
            ]
            var site: String?
            var rocket: Rocket?

            init(from object: ResponseObject) throws {
                site = try object.decode("site")
                rocket = try object.decode("rocket")
            }
            var __fields: JSONObject { ["site": site.responseValue, "rocket": rocket.responseValue] }
        }

        struct Rocket: SelectionSet {
            static let __parentType = "Rocket"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
                .inlineFragment(.init(on: nil, selections: Inner.__selections)),
            ]
            var id: String
            var inner: Deferred<Inner>

            init(from object: ResponseObject) throws {
                id = try object.decode("id")
                inner = try Deferred(from: object)
            }

            var __fields: JSONObject {
                var fields: JSONObject = ["__typename": "Rocket", "id": .string(id)]
                if let inner = inner.value { fields.mergeDeeply(inner.__fields) }
                return fields
            }
        }

        struct Inner: SelectionSet {
            static let __parentType = "Rocket"
            static let __selections: [Selection] = [.field(.init("name", type: .scalar("String")))]
            var name: String?

            init(from object: ResponseObject) throws { name = try object.decode("name") }
            var __fields: JSONObject { ["name": name.responseValue] }
        }
    }
}

/// `query DeferredMe { launch(id: "1") { id } ... @defer(label: "Me") { me { email } } }`: with
/// a token the server does not know, `me` fails inside the deferred fragment.
struct DeferredMeQuery: GraphQLQuery {
    static let operationName = "DeferredMe"
    static let document = #"query DeferredMe { launch(id: "1") { __typename id } ... @defer(label: "Me") { me { __typename email } } }"#
    static let __deliversIncrementally = true

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("launch", arguments: [.init("id", .literal("1"))], type: .object("Launch", Launch.__selections))),
            .inlineFragment(.init(on: nil, selections: MeDetails.__selections)),
        ]
        var launch: Launch?
        var meDetails: Deferred<MeDetails>

        init(from object: ResponseObject) throws {
            launch = try object.decode("launch")
            meDetails = try Deferred(from: object)
        }

        var __fields: JSONObject {
            var fields: JSONObject = ["launch": launch.responseValue]
            if let details = meDetails.value { fields.mergeDeeply(details.__fields) }
            return fields
        }

        struct Launch: SelectionSet {
            static let __parentType = "Launch"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("id", type: .nonNull(.scalar("ID")))),
            ]
            var id: String

            init(from object: ResponseObject) throws { id = try object.decode("id") }
            var __fields: JSONObject { ["__typename": "Launch", "id": .string(id)] }
        }

        struct MeDetails: SelectionSet {
            static let __parentType = "Query"
            static let __selections: [Selection] = [.field(.init("me", type: .object("User", User.__selections)))]
            var me: User?

            init(from object: ResponseObject) throws { me = try object.decode("me") }
            var __fields: JSONObject { ["me": me.responseValue] }
        }

        struct User: SelectionSet {
            static let __parentType = "User"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("email", type: .nonNull(.scalar("String")))),
            ]
            var email: String

            init(from object: ResponseObject) throws { email = try object.decode("email") }
            var __fields: JSONObject { ["__typename": "User", "email": .string(email)] }
        }
    }
}

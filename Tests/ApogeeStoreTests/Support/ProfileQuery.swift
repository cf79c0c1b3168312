// Hand-written in the shape code generation emits.
import ApogeeAPI

/// `query Profile($withEmail: Boolean!, $skipAvatar: Boolean!) { me { login name email @include(if: $withEmail) avatar @skip(if: $skipAvatar) favoriteBook { isbn edition title } } }`
/// Users are keyed by `login` and books by `isbn` and `edition` in the tests' key policy.
struct ProfileQuery: GraphQLQuery {
    static let operationName = "Profile"
    static let document = "query Profile($withEmail: Boolean!, $skipAvatar: Boolean!) { me { __typename login name email @include(if: $withEmail) avatar @skip(if: $skipAvatar) favoriteBook { __typename isbn edition title } } }"

    var withEmail: Bool
    var skipAvatar: Bool

    var variables: [InputField] {
        InputField.fields(["withEmail": withEmail.inputValue, "skipAvatar": skipAvatar.inputValue])
    }

    struct Data: RootSelectionSet {
        static let __parentType = "Query"
        static let __selections: [Selection] = [
            .field(.init("me", type: .object("User", Me.__selections))),
        ]

        var me: Me?

        init(me: Me?) {
            self.me = me
        }

        init(from object: ResponseObject) throws {
            self.me = try object.decode("me")
        }

        var __fields: JSONObject {
            JSONObject(responseFields: ["me": me.responseValue])
        }

        struct Me: SelectionSet {
            static let __parentType = "User"
            static let __selections: [Selection] = [
                .field(.init("__typename", type: .nonNull(.scalar("String")))),
                .field(.init("login", type: .nonNull(.scalar("String")))),
                .field(.init("name", type: .scalar("String"))),
                .field(.init("email", type: .scalar("String"), conditions: [.include("withEmail")])),
                .field(.init("avatar", type: .scalar("String"), conditions: [.skip("skipAvatar")])),
                .field(.init("favoriteBook", type: .object("Book", FavoriteBook.__selections))),
            ]

            var __typename: String
            var login: String
            var name: String?
            var email: String?
            var avatar: String?
            var favoriteBook: FavoriteBook?

            init(__typename: String = "User", login: String, name: String?, email: String? = nil, avatar: String? = nil, favoriteBook: FavoriteBook?) {
                self.__typename = __typename
                self.login = login
                self.name = name
                self.email = email
                self.avatar = avatar
                self.favoriteBook = favoriteBook
            }

            init(from object: ResponseObject) throws {
                self.__typename = try object.decode("__typename")
                self.login = try object.decode("login")
                self.name = try object.decode("name")
                self.email = try object.decodeIfPresent("email")
                self.avatar = try object.decodeIfPresent("avatar")
                self.favoriteBook = try object.decode("favoriteBook")
            }

            var __fields: JSONObject {
                JSONObject(responseFields: [
                    "__typename": __typename.responseValue,
                    "login": login.responseValue,
                    "name": name.responseValue,
                    "email": email?.responseValue,
                    "avatar": avatar?.responseValue,
                    "favoriteBook": favoriteBook.responseValue,
                ])
            }

            struct FavoriteBook: SelectionSet {
                static let __parentType = "Book"
                static let __selections: [Selection] = [
                    .field(.init("__typename", type: .nonNull(.scalar("String")))),
                    .field(.init("isbn", type: .nonNull(.scalar("String")))),
                    .field(.init("edition", type: .nonNull(.scalar("Int")))),
                    .field(.init("title", type: .scalar("String"))),
                ]

                var __typename: String
                var isbn: String
                var edition: Int
                var title: String?

                init(__typename: String = "Book", isbn: String, edition: Int, title: String?) {
                    self.__typename = __typename
                    self.isbn = isbn
                    self.edition = edition
                    self.title = title
                }

                init(from object: ResponseObject) throws {
                    self.__typename = try object.decode("__typename")
                    self.isbn = try object.decode("isbn")
                    self.edition = try object.decode("edition")
                    self.title = try object.decode("title")
                }

                var __fields: JSONObject {
                    JSONObject(responseFields: [
                        "__typename": __typename.responseValue,
                        "isbn": isbn.responseValue,
                        "edition": edition.responseValue,
                        "title": title.responseValue,
                    ])
                }
            }
        }
    }
}

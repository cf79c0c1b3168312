import Apogee
import ApogeeTesting
import Foundation
import GitHubFixture
import Testing

/// Test data builders generated for GitHub's schema: built from the recorded response's values,
/// the response they produce goes through a client and comes out as the same typed data.
@Suite("GitHub fixture: test data builders")
struct GitHubTestDataTests {
    static let query = IssuesAndCommentsForRepositoryQuery()

    /// The recorded response, decoded.
    static func recorded() throws -> IssuesAndCommentsForRepositoryQuery.Data {
        let bytes = try Data(contentsOf: GitHubFixtureTests.fixturesFolder.appendingPathComponent("IssuesAndCommentsForRepository.json"))
        let root = try #require(try JSONValue(parsing: [UInt8](bytes)).objectValue?["data"]?.objectValue)
        return try IssuesAndCommentsForRepositoryQuery.Data(json: root)
    }

    /// The builder of an author: its concrete type, named by the recorded `__typename`.
    static func author(_ details: AuthorDetails?) throws -> ActorBuilder? {
        guard let details else { return nil }
        switch details.__typename {
        case "User": return .user(UserBuilder(id: details.asUser?.id, login: details.login, name: details.asUser?.name))
        case "Bot": return .bot(BotBuilder(login: details.login))
        case "Organization": return .organization(OrganizationBuilder(login: details.login))
        case "Mannequin": return .mannequin(MannequinBuilder(login: details.login))
        case "EnterpriseUserAccount": return .enterpriseUserAccount(EnterpriseUserAccountBuilder(login: details.login))
        default: throw TestDataError(.wrongType, path: "author", detail: "no builder for \(details.__typename)")
        }
    }

    @Test("A response built from the recorded values round-trips through the client to the same typed data")
    func roundTrip() async throws {
        let recorded = try Self.recorded()
        let repository = try #require(recorded.repository)
        let root = QueryBuilder(repository: RepositoryBuilder(
            issues: IssueConnectionBuilder(nodes: try repository.issues.nodes.map { issues in
                try issues.map { issue in
                    try issue.map { issue in
                        IssueBuilder(
                            author: try Self.author(issue.author?.fragments.authorDetails),
                            body: issue.body,
                            comments: IssueCommentConnectionBuilder(nodes: try issue.comments.nodes.map { comments in
                                try comments.map { comment in
                                    try comment.map { IssueCommentBuilder(author: try Self.author($0.author?.fragments.authorDetails), body: $0.body) }
                                }
                            }),
                            title: issue.title)
                    }
                }
            }),
            name: repository.name))

        let transport = MockNetworkTransport()
        try transport.expect(Self.query, respondWith: root)
        let client = ApogeeClient(url: URL(string: "https://api.github.example/graphql")!, networkTransport: transport)
        let result = try await client.fetch(query: Self.query, cachePolicy: .fetchIgnoringCacheCompletely)
        #expect(result.errors == nil)
        #expect(result.data == recorded)
        #expect(result.data?.repository?.issues.nodes?.count == 100)
        #expect(try Self.query.buildData(root) == recorded)
        try transport.verify()
    }

    @Test("An author built as a User reads as the User type case; any other type does not")
    func typeCases() throws {
        let asUser = try Self.query.buildData(QueryBuilder(repository: RepositoryBuilder(issues: IssueConnectionBuilder(nodes: [
            IssueBuilder(author: .user(UserBuilder(id: "MDQ6VXNlcjE=", login: "octocat", name: "The Octocat"))),
            IssueBuilder(author: .bot(BotBuilder(login: "dependabot"))),
            IssueBuilder(),
        ]))))
        let authors = try #require(asUser.repository?.issues.nodes).map { $0?.author?.fragments.authorDetails }
        #expect(authors[0]?.__typename == "User")
        #expect(authors[0]?.asUser?.id == "MDQ6VXNlcjE=")
        #expect(authors[0]?.asUser?.name == "The Octocat")
        #expect(authors[1]?.__typename == "Bot")
        #expect(authors[1]?.login == "dependabot")
        #expect(authors[1]?.asUser == nil)
        // Left alone, an interface field gets the first of its possible types, by name.
        #expect(authors[2]?.__typename == "Bot")
    }
}

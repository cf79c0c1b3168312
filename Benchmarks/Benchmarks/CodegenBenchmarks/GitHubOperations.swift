import Foundation

/// One hundred distinct, valid operations against GitHub's schema
/// (`../shared/fixtures/github/schema.graphqls`), one per file, for timing generation at the
/// size of a real app.
///
/// Each operation combines three of the selections below on a repository, the viewer or a
/// search, under aliases that make every operation different, and defines its own fragment;
/// together they reach enums, input objects, custom scalars, interfaces and unions.
enum GitHubOperations {
    /// Selections on `Repository`.
    static let repositorySelections = [
        "issues(first: 20, states: [OPEN], orderBy: {field: CREATED_AT, direction: DESC}) { totalCount nodes { number title state createdAt author { login } labels(first: 5) { nodes { name color } } } }",
        "pullRequests(first: 10, states: [MERGED]) { nodes { number title mergedAt additions deletions author { login ... on User { name } } } }",
        "stargazers(first: 10) { totalCount edges { starredAt node { login } } }",
        "refs(refPrefix: \"refs/heads/\", first: 10) { nodes { name target { oid ... on Commit { message committedDate } } } }",
        "releases(first: 5) { nodes { name tagName publishedAt isPrerelease } }",
        "owner { login avatarUrl ... on Organization { name } ... on User { bio } }",
        "languages(first: 5) { edges { size node { name color } } }",
        "defaultBranchRef { name target { ... on Commit { history(first: 5) { nodes { oid messageHeadline author { name email date } } } } } }",
        "milestones(first: 5) { nodes { title dueOn state } }",
        "forks(first: 5) { totalCount nodes { nameWithOwner } }",
        "labels(first: 10) { nodes { name description } }",
        "licenseInfo { name spdxId }",
        "primaryLanguage { name }",
        "repositoryTopics(first: 5) { nodes { topic { name } } }",
        "watchers(first: 5) { totalCount }",
        "object(expression: \"HEAD:README.md\") { ... on Blob { text byteSize } }",
        "issue(number: 1) { title body comments(first: 5) { nodes { body author { login } } } }",
        "pullRequest(number: 1) { title reviews(first: 5) { nodes { state body } } }",
        "createdAt updatedAt pushedAt diskUsage isFork isArchived",
        "viewerPermission viewerHasStarred viewerSubscription",
        "assignableUsers(first: 5) { nodes { login name } }",
        "projects(first: 5) { nodes { name body columns(first: 3) { nodes { name } } } }",
        "mentionableUsers(first: 5) { nodes { login company } }",
        "deployments(first: 5) { nodes { environment state createdAt } }",
        "issueOrPullRequest(number: 2) { __typename ... on Issue { title } ... on PullRequest { title isDraft } }",
    ]

    /// Selections on the viewer (`User`).
    static let viewerSelections = [
        "login name bio company location",
        "repositories(first: 10, orderBy: {field: UPDATED_AT, direction: DESC}, privacy: PUBLIC) { nodes { name stargazers { totalCount } } }",
        "followers(first: 5) { totalCount nodes { login } }",
        "starredRepositories(first: 5) { nodes { nameWithOwner } }",
        "organizations(first: 5) { nodes { login name } }",
        "contributionsCollection { totalCommitContributions totalIssueContributions }",
        "gists(first: 5) { nodes { name description files { name } } }",
        "status { message emoji }",
    ]

    /// The operation of number `index` (0 to 99) with its fragment, as a file.
    static func file(_ index: Int) -> (path: String, text: String) {
        let name = "GitHubOperation\(String(format: "%03d", index))"
        let text: String
        if index % 4 == 3 {
            let picks = (0..<3).map { viewerSelections[(index / 4 + $0 * 3) % viewerSelections.count] }
            text = """
                query \(name) {
                  viewer {
                    ...\(name)Viewer
                    v\(index): \(picks[0])
                  }
                }

                fragment \(name)Viewer on User {
                  id
                  \(picks[1])
                  \(picks[2])
                }

                """
            return ("GitHubOperation/\(name).graphql", text)
        }
        let count = repositorySelections.count
        let picks = [index % count, (index * 7 + 3) % count, (index * 13 + 5) % count].map { repositorySelections[$0] }
        text = """
            query \(name)($owner: String!, $name: String!, $withOwner: Boolean = true) {
              repository(owner: $owner, name: $name) {
                ...\(name)Repository
                r\(index): \(picks[0])
                owner @include(if: $withOwner) {
                  login
                }
              }
              rateLimit {
                remaining
                resetAt
              }
            }

            fragment \(name)Repository on Repository {
              id
              nameWithOwner
              \(picks[1])
              \(picks[2])
            }

            """
        return ("GitHubOperation/\(name).graphql", text)
    }

    /// All one hundred.
    static let files: [(path: String, text: String)] = (0..<100).map(file)

    /// Writes the files into `folder` and returns their paths.
    static func write(to folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try files.map { file in
            let path = folder + "/" + (file.path.split(separator: "/").last.map(String.init) ?? file.path)
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
    }
}

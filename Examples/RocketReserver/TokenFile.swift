import Apogee
import Foundation

/// The login token of the step subcommands, kept between runs in a file readable by its
/// owner only, under the user's configuration directory.
struct TokenFile: TokenStore {
    let url: URL

    /// `$XDG_CONFIG_HOME/apogee-rocket-reserver/token`, or `~/.config/…` when that is unset.
    static func standard() -> TokenFile {
        let environment = ProcessInfo.processInfo.environment
        let base = environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return TokenFile(url: base.appendingPathComponent("apogee-rocket-reserver").appendingPathComponent("token"))
    }

    func currentToken() throws -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    func save(_ token: String) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard FileManager.default.createFile(atPath: url.path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw ExampleFailure("could not write the token to \(url.path)")
        }
    }
}

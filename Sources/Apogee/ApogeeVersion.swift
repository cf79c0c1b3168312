/// A version of Apogee, numbered as semantic versioning numbers releases.
///
/// ``current`` is the one place the version is written: the release's tag (`0.1.0`, no `v`)
/// and its heading in `CHANGELOG.md` repeat it, and CI fails when the changelog's latest
/// release differs from it.
///
/// ```swift
/// let userAgent = "MyApp/2.3 Apogee/\(ApogeeVersion.current)"   // "MyApp/2.3 Apogee/0.1.0"
/// ```
public struct ApogeeVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The version of Apogee that this module was built from.
    public static let current = ApogeeVersion(major: 0, minor: 1, patch: 0)

    /// Raised for a release that removes or changes public API, from 1.0 on (before 1.0, ``minor`` is).
    public let major: Int

    /// Raised for a release that adds API, and before 1.0 also for one that removes or changes it.
    public let minor: Int

    /// Raised for a release that only fixes bugs.
    public let patch: Int

    /// A version from its three numbers.
    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The version as a tag names it: `"0.1.0"`.
    public var description: String {
        "\(major).\(minor).\(patch)"
    }

    /// Whether `lhs` is an earlier release than `rhs`, comparing major, then minor, then patch.
    public static func < (lhs: ApogeeVersion, rhs: ApogeeVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

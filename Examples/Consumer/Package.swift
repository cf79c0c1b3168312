// swift-tools-version: 6.2
// A package that uses Apogee as an app would, naming only the `Apogee` product: CI resolves it
// and checks that SwiftPM fetches no package beyond `expected-packages.txt` (see README).
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "Apogee", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [.product(name: "Apogee", package: "Apogee")]),
    ]
)

// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "CodeGate",
    products: [
        .library(name: "CodeGateCore", targets: ["CodeGateCore"]),
        .library(name: "CodeGateGtk", targets: ["CodeGateGtk"]),
        .executable(name: "codegate", targets: ["codegate"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "CodeGateCore"),
        .target(
            name: "CodeGateGtk",
            dependencies: ["CGtk", "CodeGateCore"],
            // Resources/ is a link to the package's Resources folder; only the CSS ships in the library.
            exclude: ["Resources/org.codegate.CodeGate.desktop", "Resources/icons"],
            resources: [.copy("Resources/codegate.css")]
        ),
        .executableTarget(name: "codegate", dependencies: ["CodeGateGtk", "CodeGateCore"]),
        // The manual clock for tests: not part of the public CodeGateCore API.
        .target(name: "CodeGateTestSupport", dependencies: ["CodeGateCore"], path: "Tests/CodeGateTestSupport"),
        .testTarget(name: "CodeGateCoreTests", dependencies: ["CodeGateCore", "CodeGateTestSupport"]),
        .testTarget(name: "CodeGateGtkTests", dependencies: ["CodeGateGtk", "CodeGateCore", "CodeGateTestSupport", "CGtk"]),
    ],
    swiftLanguageModes: [.v6]
)

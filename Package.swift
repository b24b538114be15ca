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
        // libadwaita, for the app's shell (CodeGateGtk/App) only: the controls stay plain GTK.
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // glibc's gettext for Core's messages: in libc itself, no package or library to link.
        .systemLibrary(name: "CLibintl"),
        .target(name: "CodeGateCore", dependencies: ["CLibintl"]),
        // Compiles Resources/codegate.gresource.xml into the library: no Foundation Bundle.
        .plugin(name: "GResourcePlugin", capability: .buildTool()),
        .target(
            name: "CodeGateGtk",
            dependencies: ["CGtk", "CAdw", "CodeGateCore"],
            plugins: ["GResourcePlugin"]
        ),
        .executableTarget(name: "codegate", dependencies: ["CodeGateGtk", "CodeGateCore"]),
        // The manual clock for tests: not part of the public CodeGateCore API.
        .target(name: "CodeGateTestSupport", dependencies: ["CodeGateCore"], path: "Tests/CodeGateTestSupport"),
        .testTarget(name: "CodeGateCoreTests", dependencies: ["CodeGateCore", "CodeGateTestSupport"]),
        .testTarget(name: "CodeGateGtkTests", dependencies: ["CodeGateGtk", "CodeGateCore", "CodeGateTestSupport", "CGtk", "CAdw"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// A stand-alone GTK 4 app that takes CodeGate's two controls as any Swift app would: through
// the package's products, with a request function of its own and no libadwaita.
let package = Package(
    name: "SwiftControls",
    dependencies: [
        // In your app: .package(url: "https://github.com/codegate/codegate", branch: "main").
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "controls-example",
            dependencies: [
                .product(name: "CodeGateGtk", package: "main"),
                .product(name: "CodeGateCore", package: "main"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

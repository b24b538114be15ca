// swift-tools-version:6.2
import PackageDescription

// A stand-alone GTK 4 app that takes CodeGate's two controls as any Swift app would: through
// the package's products, with a request function of its own and no libadwaita.
let package = Package(
    name: "SwiftControls",
    dependencies: [
        // In your app: .package(url: "https://github.com/codegate/codegate", branch: "main").
        // Here the checkout itself, through the link Examples/codegate → .., so that the
        // package is called "codegate" as it is from its URL, whatever the checkout's folder.
        .package(path: "../codegate"),
    ],
    targets: [
        .executableTarget(
            name: "controls-example",
            dependencies: [
                .product(name: "CodeGateGtk", package: "codegate"),
                .product(name: "CodeGateCore", package: "codegate"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.2
import PackageDescription

// What the static Swift runtime's link line (static-stdlib-args.lnk) adds and a release binary
// does not want: `-export-dynamic` puts every symbol of our own code in the dynamic symbol table,
// which also keeps each of them, used or not, from `--gc-sections` (130 KB of the stripped app).
// `-z now` binds every symbol at start (BIND_NOW), so the relocation tables can be read-only for
// the whole run (RELRO), as Debian's hardening asks.
let releaseSizeFlags = ["-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "now"]

// The release binary (what `make install` and `make bench` build) is linked by lld, which packs
// its relative relocations (DT_RELR, glibc 2.36): ld.so no longer reads 600 KB of them at every
// start.
let releaseLinkFlags = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] + releaseSizeFlags

// A release build's C and C++ (our own sources; not the C headers Swift imports, where clang's
// modules reject glibc's fortified inline functions): the hardening flags dpkg-buildflags gives a
// Debian package. Swift code and the Swift runtime linked in call libc unfortified whatever the
// flags; debian/*.lintian-overrides says so.
let releaseCFlags = [
    "-O2", "-D_FORTIFY_SOURCE=2", "-fstack-protector-strong", "-Wformat", "-Werror=format-security",
]
let releaseCSettings: [CSetting] = [.unsafeFlags(releaseCFlags, .when(configuration: .release))]

// The controls' main-actor code means "on GTK's thread", which need not be the process's first
// (GTK 4 may be initialised on any one thread). Without this, Swift checks at run time, where
// isolation crosses from C or preconcurrency code, that main-actor code runs on the first thread,
// and stops the process otherwise. `GTKThread` says which thread is GTK's.
let gtkThreadSettings: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"])]

// Each target in a line here; docs/architecture.md ("Layout") describes each module in full.
// What a target that calls libsoup directly links (CSoup itself links no libsoup): the gateway's
// server and the tests' and bench's servers. The HTTP client loads it at run time instead.
let linksSoup: [LinkerSetting] = [.linkedLibrary("soup-3.0")]

let package = Package(
    name: "CodeGate",
    products: [
        // The two controls for any GTK 4 app: plain GTK, no libadwaita, and the UI-free models
        // they run on. What CodeGate's own app is made of stays out of these.
        .library(name: "CodeGateCore", targets: ["CodeGateCore"]),
        .library(name: "CodeGateGtk", targets: ["CodeGateGtk"]),
        .executable(name: "codegate", targets: ["codegate"]),
        // The embedded gateway over HTTP on loopback: the protocol's reference server (no GTK).
        .executable(name: "codegate-gateway", targets: ["codegate-gateway"]),
        // The controls as GObject types for C, Python, GJS, Vala…: libcodegate-1.so (`make lib`).
        .library(name: "codegate-1", type: .dynamic, targets: ["CodeGateGObject"]),
    ],
    targets: [
        // gtk4, through a .pc file of ours (by absolute path) that requires gtk4.pc's clean
        // dependencies and spells out the rest: gtk4.pc's chain carries -mfpmath=sse -msse
        // -msse2 -pthread, which SwiftPM's pkg-config reader prohibits and warns about at every
        // build. Same -I and -l flags; the file says why the dropped ones do not matter.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "\(Context.packageDirectory)/Sources/CGtk/gtk4-swiftpm.pc",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // libadwaita, for the app's shell (CodeGateApp) only: the controls stay plain GTK.
        // libadwaita-1 on top of CGtk's gtk4-swiftpm.pc, for the same reason.
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "\(Context.packageDirectory)/Sources/CAdw/libadwaita-1-swiftpm.pc",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // glibc's gettext for the app's messages: in libc itself, no package or library to link.
        .systemLibrary(name: "CLibintl"),
        // libsoup 3's headers (no library), through a .pc file of ours for the same reason as
        // CGtk's: one module for the gateway's server and webhooks, which link libsoup
        // (`linksSoup`), and the HTTP client, which calls it through CSoupLoader's table of the
        // functions it needs, loaded with dlopen when a session first needs it: the app on its
        // embedded gateway never maps libsoup and its dependencies.
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "\(Context.packageDirectory)/Sources/CSoup/libsoup-3.0-headers.pc",
            providers: [.apt(["libsoup-3.0-dev"])]
        ),
        .target(name: "CSoupLoader", dependencies: ["CSoup"], publicHeadersPath: ".", cSettings: releaseCSettings),
        // SQLite 3, where the embedded gateway keeps the state every CodeGate process shares.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // GLib and GObject without GTK, for the glue the GTK targets and the gateway share.
        .systemLibrary(name: "CGLib", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // Nettle's SHA-256, on the CPU's SHA instructions: the challenges' work, which a client
        // repeats tens of thousands of times a request (GLib's GChecksum hashed a third as fast).
        .systemLibrary(name: "CNettle", pkgConfig: "nettle", providers: [.apt(["nettle-dev"])]),
        // Linux's sock_diag netlink interface: the gateway asks the kernel who owns a loopback
        // client's socket.
        .systemLibrary(name: "CSockDiag", providers: [.apt(["linux-libc-dev"])]),
        // That glue, no GTK.
        .target(name: "CodeGateGLib", dependencies: ["CGLib", "CodeGateBase"], swiftSettings: gtkThreadSettings),
        // The base every other target stands on, no GTK.
        .target(
            name: "CodeGateBase", dependencies: ["CGLib", "CLibintl"], swiftSettings: gtkThreadSettings),
        // The controls' translations, which EmbedPlugin compiles into this target's resource
        // bundle beside the binary that carries the controls, and the way to that binary. A C
        // target: a Swift target with resources would link Foundation for its `Bundle.module`.
        .target(name: "CControlsCatalogs", cSettings: releaseCSettings, plugins: ["EmbedPlugin"]),
        // The controls' models, no GTK.
        .target(
            name: "CodeGateCore", dependencies: ["CodeGateBase", "CControlsCatalogs"],
            swiftSettings: gtkThreadSettings),
        // Embeds a target's GResource bundle, and compiles the controls' translations.
        .plugin(name: "EmbedPlugin", capability: .buildTool()),
        // The two GTK widgets, GTypes of their own.
        .target(
            name: "CodeGateGtk",
            dependencies: ["CGtk", "CCodeGateGObject", "CodeGateCore", "CodeGateGLib"],
            swiftSettings: gtkThreadSettings,
            plugins: ["EmbedPlugin"]
        ),
        // What the GObject types need from GLib that Swift cannot import (type macros, the enum,
        // the thread check).
        .systemLibrary(
            name: "CCodeGateGObject",
            pkgConfig: "\(Context.packageDirectory)/Sources/CGtk/gtk4-swiftpm.pc"
        ),
        // The GTypes' registration when libcodegate-1 loads (an ELF constructor), so GtkBuilder
        // finds them by name in every language.
        // DWARF 4, as the Swift objects' debug info: valgrind 3.19 gives up on clang's DWARF 5.
        .target(
            name: "CodeGateOnLoad", dependencies: ["CCodeGateGObject"],
            cSettings: [.unsafeFlags(["-gdwarf-4"])] + releaseCSettings),
        // The C API of gobject/codegate.h: the library has a SONAME and exports that API alone.
        .target(
            name: "CodeGateGObject",
            dependencies: [
                "CGtk", "CCodeGateGObject", "CodeGateCore", "CodeGateGtk", "CodeGateOnLoad", "CodeGateService",
            ],
            swiftSettings: gtkThreadSettings,
            linkerSettings: [.unsafeFlags([
                "-Xlinker", "-soname=libcodegate-1.so.0",
                "-Xlinker", "--version-script=\(Context.packageDirectory)/gobject/codegate.map",
            ]),
            // The release library carries the Swift runtime: it loads into Python or GJS with
            // nothing of the toolchain (SwiftPM's --static-swift-stdlib skips dynamic products).
            // It is linked as the app is, and lays out the functions the controls run at
            // start-up side by side, in the order of gobject/codegate-1.order (`make orderfile`):
            // the kernel maps code in 64 KB blocks, so scattered hot functions each bring a block
            // of cold code into every process that loads the library: 1.5 MB of the Python
            // example's 51 MB (docs/performance.md). Names the file lists but this build lacks
            // are skipped.
            .unsafeFlags(["-static-stdlib"] + releaseLinkFlags + [
                "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/gobject/codegate-1.order",
                "-Xlinker", "--no-warn-symbol-ordering",
            ], .when(configuration: .release))]
        ),
        // What a code service is to the client, the server and the app; not part of
        // CodeGateProtocol, which stays the wire alone (the embedded gateway never touches it).
        .target(name: "CodeGateService", dependencies: ["CodeGateBase", "CNettle"]),
        // The gateway's rules and their SQLite store, which the app and `codegate-gateway` both run.
        .target(name: "CodeGateGateway", dependencies: ["CodeGateBase", "CodeGateService", "CSQLite"]),
        // libpq, the PostgreSQL client: for `codegate-gateway --database` only. The app never
        // links it (libpq brings Kerberos and LDAP; Tests/System/idle/run checks that the app on
        // its embedded gateway maps no Kerberos).
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // Google's libphonenumber behind a C face: which region a number belongs to, whether it
        // is assigned, what kind of line it is. For `codegate-gateway` only: the app never links
        // it (it brings ICU and protobuf).
        .target(
            name: "CPhoneNumbers",
            cxxSettings: [.unsafeFlags(releaseCFlags, .when(configuration: .release))],
            linkerSettings: [.linkedLibrary("phonenumber")]),
        // The gateway's store on a PostgreSQL server that many gateways share.
        .target(
            name: "CodeGateGatewayPostgres",
            dependencies: ["CodeGateBase", "CodeGateService", "CodeGateGateway", "CLibPQ"]),
        // The app's flow and the sentences its window says, no GTK.
        .target(
            name: "CodeGateFlow", dependencies: ["CodeGateBase", "CodeGateCore", "CodeGateService"]),
        // The HTTP client of a real code server: a target of its own, so the flow stays free of libsoup.
        .target(
            name: "CodeGateHTTP",
            dependencies: ["CodeGateBase", "CodeGateService", "CodeGateProtocol", "CSoup", "CSoupLoader"]),
        // The protocol's wire, written once for the client and the gateway.
        .target(name: "CodeGateProtocol"),
        // The app's libadwaita shell, built on the controls' public API.
        .target(
            name: "CodeGateApp",
            dependencies: [
                "CGtk", "CAdw", "CodeGateBase", "CodeGateCore", "CodeGateGtk", "CodeGateFlow", "CodeGateGateway",
                "CodeGateService", "CodeGateHTTP",
            ],
            plugins: ["EmbedPlugin"]
        ),
        .executableTarget(
            name: "codegate",
            dependencies: ["CodeGateApp"],
            linkerSettings: [.unsafeFlags(releaseLinkFlags, .when(configuration: .release))]
        ),
        // The HTTP protocol of docs/protocol.md over the embedded gateway, on libsoup's server.
        .target(
            name: "CodeGateServer",
            dependencies: [
                "CodeGateBase", "CodeGateService", "CodeGateGateway", "CodeGateGLib", "CodeGateProtocol", "CodeGateHTTP",
                "CSoup", "CSockDiag", "CPhoneNumbers",
            ],
            linkerSettings: linksSoup
        ),
        .executableTarget(
            name: "codegate-gateway",
            dependencies: ["CodeGateServer", "CodeGateGatewayPostgres"],
            linkerSettings: [.unsafeFlags(releaseSizeFlags, .when(configuration: .release))]
        ),
        // The manual clock for tests: not part of any public API.
        .target(
            name: "CodeGateTestSupport",
            dependencies: ["CodeGateCore", "CodeGateFlow", "CodeGateGateway", "CodeGateService", "CodeGateBase"],
            path: "Tests/CodeGateTestSupport"),
        // Real GTK in tests: the main loop pumped with a bounded wait, real input by xdotool.
        .target(name: "GtkTestSupport", dependencies: ["CGtk", "CodeGateGtk"], path: "Tests/GtkTestSupport"),
        // One gateway process on a shared state, which Tests/System/state-race/run runs in pairs.
        .executableTarget(
            name: "StateHammer",
            dependencies: [
                "CodeGateFlow", "CodeGateGateway", "CodeGateGatewayPostgres", "CodeGateService", "CodeGateBase",
                "CodeGateTestSupport",
            ], path: "Tests/StateHammer"),
        // The HTTP client's round trip over loopback, for scripts/bench.sh.
        .executableTarget(
            name: "HTTPBench",
            dependencies: [
                "CodeGateHTTP", "CodeGateFlow", "CodeGateGateway", "CodeGateService", "CodeGateBase", "CodeGateCore",
                "CodeGateGLib", "CSoup",
            ], path: "Tests/HTTPBench", linkerSettings: linksSoup),
        // One test target for each module, named after it.
        .testTarget(name: "CodeGateBaseTests", dependencies: ["CodeGateBase", "CodeGateTestSupport"]),
        .testTarget(name: "CodeGateCoreTests", dependencies: ["CodeGateCore", "CodeGateBase", "CodeGateTestSupport"]),
        .testTarget(
            name: "CodeGateServiceTests", dependencies: ["CodeGateService", "CodeGateBase", "CodeGateTestSupport"]),
        .testTarget(
            name: "CodeGateGatewayTests",
            dependencies: ["CodeGateGateway", "CodeGateService", "CodeGateBase", "CodeGateTestSupport", "CGLib"]),
        .testTarget(
            name: "CodeGateFlowTests",
            dependencies: [
                "CodeGateFlow", "CodeGateGateway", "CodeGateService", "CodeGateBase", "CodeGateCore",
                "CodeGateTestSupport",
            ]),
        .testTarget(name: "CodeGateProtocolTests", dependencies: ["CodeGateProtocol"]),
        // The gateway's rules on every store: SQLite by default, PostgreSQL under
        // Tests/System/postgres/run.
        .testTarget(
            name: "CodeGateStoreTests",
            dependencies: [
                "CodeGateGateway", "CodeGateGatewayPostgres", "CodeGateService", "CodeGateBase", "CodeGateTestSupport",
            ]),
        .testTarget(
            name: "CodeGateServerTests",
            dependencies: [
                "CodeGateServer", "CodeGateFlow", "CodeGateGateway", "CodeGateService", "CodeGateBase", "CodeGateCore",
                "CodeGateProtocol", "CodeGateTestSupport",
            ]),
        .testTarget(
            name: "CodeGateGtkTests",
            dependencies: [
                "CodeGateGtk", "CodeGateCore", "CodeGateTestSupport", "GtkTestSupport", "CGtk", "CCodeGateGObject",
            ]),
        .testTarget(
            name: "CodeGateHTTPTests",
            dependencies: [
                "CodeGateHTTP", "CodeGateFlow", "CodeGateGateway", "CodeGateService", "CodeGateBase", "CodeGateCore",
                "CodeGateGtk", "GtkTestSupport", "CSoup", "CGtk", "CodeGateTestSupport",
            ],
            linkerSettings: linksSoup
        ),
        .testTarget(
            name: "CodeGateAppTests",
            dependencies: [
                "CodeGateApp", "CodeGateFlow", "CodeGateGateway", "CodeGateService", "CodeGateBase", "CodeGateGtk",
                "CodeGateGLib", "CodeGateCore", "CodeGateTestSupport", "GtkTestSupport", "CGtk", "CAdw", "CodeGateHTTP",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

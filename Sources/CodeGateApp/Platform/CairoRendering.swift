import Glibc

/// The app draws with cairo, on the CPU, and does not load OpenGL at all, unless the user asks
/// for another renderer (`GSK_RENDERER`) or sets GDK's debug flags themselves.
///
/// One small window of text, two entries and a fill that moves five times a second gains
/// nothing from the GPU, while GDK on X11 initialises OpenGL at start-up even to draw with
/// cairo (to choose the window's visual): with Mesa that maps libLLVM and the driver, about
/// 60 MB of the process's 100 MB and a good part of its start-up (docs/performance.md).
/// `GDK_DEBUG=gl-disable` is GTK 4.8's only switch for that (4.16 names it `GDK_DISABLE=gl`).
enum CairoRendering {
    /// Chooses cairo without OpenGL for this process where the user chose nothing else. Call
    /// before GTK opens the display, while the process has one thread (`setenv`).
    static func choose() {
        let renderer = getenv("GSK_RENDERER").map { String(cString: $0) }
        if renderer == nil {
            setenv("GSK_RENDERER", "cairo", 1)
        }
        if renderer == nil || renderer == "cairo", getenv("GDK_DEBUG") == nil {
            setenv("GDK_DEBUG", "gl-disable", 1)
        }
    }
}

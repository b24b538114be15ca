import CGtk
import Glibc

/// The app draws with cairo, on the CPU, and does not load OpenGL at all, unless the user asks
/// for another renderer (`GSK_RENDERER`) or sets GDK's debug flags themselves.
///
/// One small window of text, two entries and a fill that moves five times a second gains
/// nothing from the GPU, while GDK on X11 initialises OpenGL at start-up even to draw with
/// cairo (to choose the window's visual): with Mesa that maps libLLVM and the driver, about
/// 60 MB of the process's 100 MB and a good part of its start-up (docs/performance.md).
/// The switch for that is the GTK the app runs on's, whatever it was built against: GTK 4.8
/// (Debian 12) knows only `GDK_DEBUG=gl-disable`; 4.16 moved it to `GDK_DISABLE=gl`, and 4.18
/// (Debian 13) warns of the old one on every start and loads OpenGL after all.
enum CairoRendering {
    /// Chooses cairo without OpenGL for this process where the user chose nothing else. Call
    /// before GTK opens the display, while the process has one thread (`setenv`).
    static func choose() {
        let renderer = getenv("GSK_RENDERER").map { String(cString: $0) }
        if renderer == nil {
            setenv("GSK_RENDERER", "cairo", 1)
        }
        guard renderer == nil || renderer == "cairo" else { return }
        let (name, value) = gtk_get_minor_version() >= 16 ? ("GDK_DISABLE", "gl") : ("GDK_DEBUG", "gl-disable")
        if getenv(name) == nil { setenv(name, value, 1) }
    }
}

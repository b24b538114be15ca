// CodeGate's two controls from Vala: slide to unlock, then request a code.
// Build: valac --pkg gtk4 --pkg codegate-1 controls-example.vala

/* A stand-in for this app's own server call: answers the request after 300 ms with a 60 s
 * cooldown, or fails it when the check box says so. An answer to a request that timed out
 * meanwhile is ignored: it never lands on a newer one. */
void request_code (CodeGate.Request request, bool failing) {
    Timeout.add (300, () => {
        if (failing) {
            request.failed ("服务器拒绝了请求，请重新滑动验证");
        } else {
            request.sent (60);
        }
        return Source.REMOVE;
    });
}

void build_window (Gtk.Application application) {
    var slider = new CodeGate.SlideToUnlock ();
    // The slide enables the button; the end of a cooldown or a failure locks the slider again.
    var button = new CodeGate.CountdownButton () { slider = slider };
    var failing = new Gtk.CheckButton.with_label ("让请求失败");
    var status = new Gtk.Label (null);
    button.request.connect ((request) => request_code (request, failing.active));
    button.sent.connect ((cooldown) => status.label = @"验证码已发送，$cooldown 秒后可重新获取");
    button.failed.connect ((message) => status.label = message);

    var box = new Gtk.Box (Gtk.Orientation.VERTICAL, 12) {
        margin_top = 24, margin_bottom = 24, margin_start = 24, margin_end = 24
    };
    foreach (var widget in new Gtk.Widget[] { slider, button, failing, status }) {
        box.append (widget);
    }
    var window = new Gtk.ApplicationWindow (application) {
        title = "CodeGate controls", default_width = 360, child = box
    };
    window.present ();
}

int main (string[] args) {
    var application = new Gtk.Application ("io.github.codegate.ControlsExample", ApplicationFlags.NON_UNIQUE);
    application.activate.connect (() => build_window (application));
    return application.run (args);
}

// CodeGate's two controls from JavaScript (GJS): slide to unlock, then request a code.
// Run as an ES module: gjs -m controls-example.js
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';
import CodeGate from 'gi://CodeGate?version=1';
import System from 'system';

/**
 * A stand-in for this app's own server call: answers the request after 300 ms with a 60 s
 * cooldown, or fails it when the check box says so. An answer to a request that timed out
 * meanwhile is ignored: it never lands on a newer one.
 */
function requestCode(request, failing) {
    GLib.timeout_add(GLib.PRIORITY_DEFAULT, 300, () => {
        if (failing)
            request.failed('服务器拒绝了请求，请重新滑动验证');
        else
            request.sent(60);
        return GLib.SOURCE_REMOVE;
    });
}

function buildWindow(application) {
    const slider = new CodeGate.SlideToUnlock();
    // The slide enables the button; the end of a cooldown or a failure locks the slider again.
    const button = new CodeGate.CountdownButton({slider});
    const failing = new Gtk.CheckButton({label: '让请求失败'});
    const status = new Gtk.Label();
    button.connect('request', (_button, request) => requestCode(request, failing.active));
    button.connect('sent', (_button, cooldown) => status.set_text(`验证码已发送，${cooldown} 秒后可重新获取`));
    button.connect('failed', (_button, message) => status.set_text(message));

    const box = new Gtk.Box({
        orientation: Gtk.Orientation.VERTICAL, spacing: 12,
        margin_top: 24, margin_bottom: 24, margin_start: 24, margin_end: 24,
    });
    for (const widget of [slider, button, failing, status])
        box.append(widget);
    const window = new Gtk.ApplicationWindow({
        application, title: 'CodeGate controls', default_width: 360, child: box,
    });
    window.present();
}

const application = new Gtk.Application({
    application_id: 'io.github.codegate.ControlsExample',
    flags: Gio.ApplicationFlags.NON_UNIQUE,
});
application.connect('activate', buildWindow);
System.exit(application.run([System.programInvocationName, ...ARGV]));

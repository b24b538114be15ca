//! CodeGate's two controls from Rust (gtk4-rs): slide to unlock, then request a code.
//!
//! libcodegate-1 has no Rust bindings of its own: a few `extern "C"` declarations from
//! codegate.h make the widgets and answer the request, and the signals are connected by name
//! with `connect_local`.
//! Build and run against the installed library (or the staged one, with PKG_CONFIG_PATH and
//! LD_LIBRARY_PATH pointing into .build/stage): `cargo run --offline`.
use std::ffi::CString;
use std::os::raw::{c_char, c_uint};
use std::time::Duration;

use gtk::glib::gobject_ffi::GObject;
use gtk::glib::translate::from_glib_none;
use gtk::prelude::*;
use gtk::{ffi::GtkWidget, gio, glib};

// From codegate.h; the widgets and the request are plain GObjects to Rust.
extern "C" {
    fn codegate_slide_to_unlock_new() -> *mut GtkWidget;
    fn codegate_countdown_button_new() -> *mut GtkWidget;
    fn codegate_countdown_button_set_slider(button: *mut GtkWidget, slider: *mut GtkWidget);
    fn codegate_request_sent(request: *mut GObject, cooldown_seconds: c_uint);
    fn codegate_request_failed(request: *mut GObject, message: *const c_char);
}

/// A stand-in for this app's own server call: answers the request (a `CodeGateRequest`, kept
/// alive by the closure) after 300 ms with a 60 s cooldown, or fails it when the check box
/// says so. An answer to a request that timed out meanwhile is ignored: it never lands on a
/// newer one.
fn request_code(request: glib::Object, failing: bool) {
    glib::timeout_add_local_once(Duration::from_millis(300), move || unsafe {
        if failing {
            let message = CString::new("服务器拒绝了请求，请重新滑动验证").unwrap();
            codegate_request_failed(request.as_ptr(), message.as_ptr());
        } else {
            codegate_request_sent(request.as_ptr(), 60);
        }
    });
}

fn build_window(application: &gtk::Application) {
    let slider: gtk::Widget = unsafe { from_glib_none(codegate_slide_to_unlock_new()) };
    let button: gtk::Widget = unsafe { from_glib_none(codegate_countdown_button_new()) };
    // The slide enables the button; the end of a cooldown or a failure locks the slider again.
    unsafe { codegate_countdown_button_set_slider(button.as_ptr(), slider.as_ptr()) };
    let failing = gtk::CheckButton::with_label("让请求失败");
    let status = gtk::Label::new(None);

    let check = failing.clone();
    button
        .connect_local("request", false, move |args| {
            // args: the button, then the request.
            request_code(args[1].get().unwrap(), check.is_active());
            None
        })
        .unwrap();
    let label = status.clone();
    button
        .connect_local("sent", false, move |args| {
            let cooldown: u32 = args[1].get().unwrap();
            label.set_text(&format!("验证码已发送，{cooldown} 秒后可重新获取"));
            None
        })
        .unwrap();
    let label = status.clone();
    button
        .connect_local("failed", false, move |args| {
            label.set_text(&args[1].get::<String>().unwrap());
            None
        })
        .unwrap();

    let vbox = gtk::Box::new(gtk::Orientation::Vertical, 12);
    vbox.set_margin_top(24);
    vbox.set_margin_bottom(24);
    vbox.set_margin_start(24);
    vbox.set_margin_end(24);
    vbox.append(&slider);
    vbox.append(&button);
    vbox.append(&failing);
    vbox.append(&status);
    let window = gtk::ApplicationWindow::new(application);
    window.set_title(Some("CodeGate controls"));
    window.set_default_size(360, -1);
    window.set_child(Some(&vbox));
    window.present();
}

fn main() {
    let application = gtk::Application::new(
        Some("io.github.codegate.ControlsExample"),
        gio::ApplicationFlags::NON_UNIQUE,
    );
    application.connect_activate(build_window);
    // GtkWindow's own window.close action, on the key most apps close a window with.
    application.set_accels_for_action("window.close", &["<Control>w"]);
    std::process::exit(application.run());
}

/* codegate.h: CodeGate's two GTK 4 controls as GObject types, for C and (through
 * CodeGate-1.gir) every language GObject introspection reaches.
 *
 * The types are registered from Swift (Sources/CodeGateGtk/Interop/GObject): the Swift API's
 * CountdownButton and SlideToUnlock are handles over these same GObjects, so every language
 * gets one widget per control. This header is written by hand and is the C contract of
 * libcodegate-1.so, whose types are registered when it loads: GtkBuilder finds them by name,
 * with no g_type_ensure().
 *
 * Everything here is to be called from the thread that runs GTK. A call from another thread,
 * or on a disposed object, logs one critical naming the function and does nothing else (it
 * returns %NULL, %FALSE or 0): it never stops the process.
 */
#ifndef CODEGATE_H
#define CODEGATE_H

#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * CODEGATE_LONGEST_COOLDOWN:
 *
 * The longest cooldown, in seconds (a day): a number of seconds given to
 * codegate_request_sent(), codegate_request_refused(),
 * codegate_countdown_button_start_cooldown() or #CodeGateCountdownButton:request-timeout
 * above it is cut to it, and the #CodeGateCountdownButton::sent signal, the words and the
 * countdown all say the number cut.
 */
#define CODEGATE_LONGEST_COOLDOWN 86400

void codegate_init (void);

void   codegate_solve_challenge_async  (const gchar         *challenge,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
gint64 codegate_solve_challenge_finish (GAsyncResult        *result,
                                        GError             **error);

/**
 * CodeGateCountdownPhase:
 * @CODEGATE_COUNTDOWN_PHASE_IDLE: no request under way and no cooldown: the button may be
 *   pressed once the app's gate and the slider allow it
 * @CODEGATE_COUNTDOWN_PHASE_SENDING: the app's request is waiting for its answer
 * @CODEGATE_COUNTDOWN_PHASE_COUNTING: the cooldown after a request runs
 *
 * Where a #CodeGateCountdownButton stands in the request cycle.
 */
typedef enum {
  CODEGATE_COUNTDOWN_PHASE_IDLE,
  CODEGATE_COUNTDOWN_PHASE_SENDING,
  CODEGATE_COUNTDOWN_PHASE_COUNTING
} CodeGateCountdownPhase;

GType codegate_countdown_phase_get_type (void) G_GNUC_CONST;
#define CODEGATE_TYPE_COUNTDOWN_PHASE (codegate_countdown_phase_get_type ())

/**
 * CodeGateFailureKind:
 * @CODEGATE_FAILURE_KIND_FAILED: the app answered codegate_request_failed() (or
 *   codegate_request_refused() with no seconds left), or nothing handles
 *   #CodeGateCountdownButton::request
 * @CODEGATE_FAILURE_KIND_REFUSED: the app answered codegate_request_refused() with seconds left,
 *   which the button counts down
 * @CODEGATE_FAILURE_KIND_TIMED_OUT: no answer came within
 *   #CodeGateCountdownButton:request-timeout
 *
 * How a request went wrong: the detail of #CodeGateCountdownButton::failed, and
 * #CodeGateCountdownButton:failure-kind.
 */
typedef enum {
  CODEGATE_FAILURE_KIND_FAILED,
  CODEGATE_FAILURE_KIND_REFUSED,
  CODEGATE_FAILURE_KIND_TIMED_OUT
} CodeGateFailureKind;

GType codegate_failure_kind_get_type (void) G_GNUC_CONST;
#define CODEGATE_TYPE_FAILURE_KIND (codegate_failure_kind_get_type ())

/* CodeGateSlideToUnlock */

#define CODEGATE_TYPE_SLIDE_TO_UNLOCK (codegate_slide_to_unlock_get_type ())

/**
 * CodeGateSlideToUnlock:
 *
 * The slide-to-unlock check: a thumb dragged (or stepped by keys or clicks) to the end of its
 * track unlocks it and sets #CodeGateSlideToUnlock:unlocked (connect to `notify::unlocked`);
 * let go early, it glides back. Each click on it is one step; a wheel turn, Page Up/Down,
 * Home/End or a click never unlock it at once.
 *
 * It is a #GtkScale: its CSS name is `slide-to-unlock`, with the style class `slide-to-unlock`
 * (plus `unlocked`, `gliding` and `at-start` by state, and `keyboard-ring` while a keyboard user
 * has it focused); its children are the scale's `trough` (with `highlight` and `slider`) and, on
 * the track, the hint, a label with the style class `slide-hint`. Use it as a widget, not through
 * the #GtkRange API: its value is the control's. Every text on it, and what a screen reader hears
 * of it, is a property. To assistive technologies it is one slider, named by
 * #CodeGateSlideToUnlock:locked-accessible-name or
 * #CodeGateSlideToUnlock:unlocked-accessible-name, whose value runs from 0 to 100 (percent).
 * A #CodeGateCountdownButton waiting for it hands it the keyboard focus when the button turns
 * insensitive under it (a failed request, the end of a cooldown), and says why in its
 * description unless #CodeGateSlideToUnlock:note says something else.
 */
G_DECLARE_FINAL_TYPE (CodeGateSlideToUnlock, codegate_slide_to_unlock, CODEGATE, SLIDE_TO_UNLOCK, GtkScale)

GtkWidget   *codegate_slide_to_unlock_new                          (void);
void         codegate_slide_to_unlock_lock                         (CodeGateSlideToUnlock *self);

/* BEGIN CodeGateSlideToUnlock properties, written from gobject/controls.toml by `make controls` */
gboolean     codegate_slide_to_unlock_get_unlocked                 (CodeGateSlideToUnlock *self);
const gchar *codegate_slide_to_unlock_get_hint                     (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_hint                     (CodeGateSlideToUnlock *self,
                                                                    const gchar           *hint);
const gchar *codegate_slide_to_unlock_get_unlocked_hint            (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_unlocked_hint            (CodeGateSlideToUnlock *self,
                                                                    const gchar           *hint);
const gchar *codegate_slide_to_unlock_get_keyboard_hint            (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_keyboard_hint            (CodeGateSlideToUnlock *self,
                                                                    const gchar           *hint);
const gchar *codegate_slide_to_unlock_get_focused_hint             (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_focused_hint             (CodeGateSlideToUnlock *self,
                                                                    const gchar           *hint);
const gchar *codegate_slide_to_unlock_get_progress_text            (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_progress_text            (CodeGateSlideToUnlock *self,
                                                                    const gchar           *text);
const gchar *codegate_slide_to_unlock_get_returned_text            (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_returned_text            (CodeGateSlideToUnlock *self,
                                                                    const gchar           *text);
const gchar *codegate_slide_to_unlock_get_locked_accessible_name   (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_locked_accessible_name   (CodeGateSlideToUnlock *self,
                                                                    const gchar           *name);
const gchar *codegate_slide_to_unlock_get_unlocked_accessible_name (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_unlocked_accessible_name (CodeGateSlideToUnlock *self,
                                                                    const gchar           *name);
const gchar *codegate_slide_to_unlock_get_position_text            (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_position_text            (CodeGateSlideToUnlock *self,
                                                                    const gchar           *text);
const gchar *codegate_slide_to_unlock_get_unlocked_position_text   (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_unlocked_position_text   (CodeGateSlideToUnlock *self,
                                                                    const gchar           *text);
const gchar *codegate_slide_to_unlock_get_tooltip                  (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_tooltip                  (CodeGateSlideToUnlock *self,
                                                                    const gchar           *tooltip);
const gchar *codegate_slide_to_unlock_get_group_name               (CodeGateSlideToUnlock *self) G_GNUC_DEPRECATED;
void         codegate_slide_to_unlock_set_group_name               (CodeGateSlideToUnlock *self,
                                                                    const gchar           *name) G_GNUC_DEPRECATED;
const gchar *codegate_slide_to_unlock_get_note                     (CodeGateSlideToUnlock *self);
void         codegate_slide_to_unlock_set_note                     (CodeGateSlideToUnlock *self,
                                                                    const gchar           *note);
/* END CodeGateSlideToUnlock properties */

/* CodeGateRequest */

#define CODEGATE_TYPE_REQUEST (codegate_request_get_type ())

/**
 * CodeGateRequest:
 *
 * One press of a #CodeGateCountdownButton, handed to the app with
 * #CodeGateCountdownButton::request. Keep a reference and answer it once, in the handler or
 * whenever the app's own request ends, with codegate_request_sent(), codegate_request_failed()
 * or codegate_request_refused().
 *
 * A request is pending (#CodeGateRequest:pending) until it is answered, or until it times out
 * (#CodeGateCountdownButton:request-timeout), the button is reset or disposed, or a new
 * request supersedes it; then its #GCancellable (codegate_request_get_cancellable()) is
 * cancelled unless it was answered. An answer to a request that is no longer pending does
 * nothing but a debug message: a late answer never lands on the next request.
 */
G_DECLARE_FINAL_TYPE (CodeGateRequest, codegate_request, CODEGATE, REQUEST, GObject)

void          codegate_request_sent             (CodeGateRequest *self,
                                                 guint            cooldown_seconds);
void          codegate_request_failed           (CodeGateRequest *self,
                                                 const gchar     *message);
void          codegate_request_refused          (CodeGateRequest *self,
                                                 guint            retry_after_seconds,
                                                 const gchar     *message);
GCancellable *codegate_request_get_cancellable  (CodeGateRequest *self);
gboolean      codegate_request_get_pending      (CodeGateRequest *self);

/* CodeGateCountdownButton */

#define CODEGATE_TYPE_COUNTDOWN_BUTTON (codegate_countdown_button_get_type ())

/**
 * CodeGateCountdownButton:
 *
 * The "获取验证码" button, a #GtkButton. Pressed, it emits #CodeGateCountdownButton::request
 * with a #CodeGateRequest: the app starts its own request and answers that request with
 * codegate_request_sent(), codegate_request_failed() or codegate_request_refused(). While the
 * request runs the button says so; an answer starts the cooldown it names, during which the
 * label counts down ("获取验证码(59)") and a fill grows across the button; a failure, or no
 * answer within #CodeGateCountdownButton:request-timeout seconds, brings it back at once.
 *
 * The app gates it with #CodeGateCountdownButton:enabled (e.g. a valid form) and may make it
 * wait for a #CodeGateSlideToUnlock (#CodeGateCountdownButton:slider).
 *
 * Its CSS name is `button`, with the style class `countdown-button` (plus `busy` while a
 * request runs and `counting` while its cooldown runs); inside it are its label `.countdown-label` and its fill
 * `.countdown-fill`. To assistive technologies it is a push button named by its label and,
 * while counting, the seconds left; its description says how the last request came out ("验证码
 * 已发送", a failure's reason). It never drops the keyboard focus: turning insensitive under it,
 * it hands it to its slider, or else stays focusable until the focus leaves.
 *
 * While a request runs and while its cooldown counts, the button takes no press and tells
 * assistive technologies it is disabled (over AT-SPI no longer sensitive, still focusable),
 * yet gtk_widget_get_sensitive() stays %TRUE: an insensitive widget cannot hold the focus, and
 * a screen-reader user must be able to come back to the button to hear the seconds left. So
 * CSS `:disabled` does not match then. An app tells the cooldown by
 * #CodeGateCountdownButton:counting (or #CodeGateCountdownButton:phase), a theme by the style
 * class `counting`, which the controls' own CSS styles as `:disabled`.
 */
G_DECLARE_FINAL_TYPE (CodeGateCountdownButton, codegate_countdown_button, CODEGATE, COUNTDOWN_BUTTON, GtkButton)

GtkWidget              *codegate_countdown_button_new                 (void);

void                    codegate_countdown_button_start_cooldown      (CodeGateCountdownButton *self,
                                                                       guint                    seconds);
void                    codegate_countdown_button_reset               (CodeGateCountdownButton *self);

/* BEGIN CodeGateCountdownButton properties, written from gobject/controls.toml by `make controls` */
const gchar           *codegate_countdown_button_get_idle_text                (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_idle_text                (CodeGateCountdownButton *self,
                                                                               const gchar             *text);
const gchar           *codegate_countdown_button_get_label_format             (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_label_format             (CodeGateCountdownButton *self,
                                                                               const gchar             *format);
const gchar           *codegate_countdown_button_get_sending_text             (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_sending_text             (CodeGateCountdownButton *self,
                                                                               const gchar             *text);
guint                  codegate_countdown_button_get_request_timeout          (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_request_timeout          (CodeGateCountdownButton *self,
                                                                               guint                    seconds);
gboolean               codegate_countdown_button_get_enabled                  (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_enabled                  (CodeGateCountdownButton *self,
                                                                               gboolean                 enabled);
CodeGateSlideToUnlock *codegate_countdown_button_get_slider                   (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_slider                   (CodeGateCountdownButton *self,
                                                                               CodeGateSlideToUnlock   *slider);
CodeGateCountdownPhase codegate_countdown_button_get_phase                    (CodeGateCountdownButton *self);
guint                  codegate_countdown_button_get_seconds_left             (CodeGateCountdownButton *self);
gdouble                codegate_countdown_button_get_fraction                 (CodeGateCountdownButton *self);
gboolean               codegate_countdown_button_get_counting                 (CodeGateCountdownButton *self);
const gchar           *codegate_countdown_button_get_sending_accessible_name  (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_sending_accessible_name  (CodeGateCountdownButton *self,
                                                                               const gchar             *text);
const gchar           *codegate_countdown_button_get_counting_accessible_name (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_counting_accessible_name (CodeGateCountdownButton *self,
                                                                               const gchar             *text);
const gchar           *codegate_countdown_button_get_sent_news                (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_sent_news                (CodeGateCountdownButton *self,
                                                                               const gchar             *text);
const gchar           *codegate_countdown_button_get_ready_news               (CodeGateCountdownButton *self);
void                   codegate_countdown_button_set_ready_news               (CodeGateCountdownButton *self,
                                                                               const gchar             *text);
CodeGateFailureKind    codegate_countdown_button_get_failure_kind             (CodeGateCountdownButton *self);
/* END CodeGateCountdownButton properties */


/* The documentation of the functions, properties and signals above. */

/**
 * codegate_init:
 *
 * Registers the library's types. The library does so itself when it is loaded, so a C or
 * Vala program, linked to it, never needs this. Python and GJS load the library only when
 * the `CodeGate` namespace is first used: call `CodeGate.init()` before a #GtkBuilder file
 * (or Blueprint) that names `CodeGateSlideToUnlock` or `CodeGateCountdownButton` when it is
 * the first thing of CodeGate the program uses, as `Adw.init()` does for libadwaita. Safe to
 * call any number of times.
 */

/**
 * codegate_solve_challenge_async:
 * @challenge: a challenge as a CodeGate server issued it: the `challenge` member of its answer
 *   to `POST /v1/challenges` (docs/protocol.md)
 * @cancellable: (nullable): stops the search
 * @callback: (scope async): called when the solution is found, on the thread-default main
 *   context of the thread that called this
 * @user_data: (closure): data for @callback
 *
 * Solves @challenge on a thread of GLib's pool: the proof of work a CodeGate server asks of
 * each request for a code, so that a script pays for every text message as a person's window
 * does. The request then carries @challenge and the solution as its `challenge` and `solution`
 * members. Start it when your user begins to type the number or to slide (a challenge is good
 * for `expires_in_seconds`, 5 minutes from `codegate-gateway`), so that it is done when the
 * slide ends and nobody waits for it, however they slide; a few milliseconds on a desktop of
 * today, a fraction of a second on a slow one. Callable from any thread. Finish it with
 * codegate_solve_challenge_finish().
 */
/**
 * codegate_solve_challenge_finish:
 * @result: the #GAsyncResult @callback got
 * @error: return location for a #GError, or %NULL
 *
 * Ends codegate_solve_challenge_async().
 *
 * Returns: the solution (0 or more), or -1 with @error set: %G_IO_ERROR_INVALID_DATA when the
 *   text is not a challenge, or no number up to its bound solves it; %G_IO_ERROR_CANCELLED when
 *   @cancellable was cancelled
 */

/* BEGIN CodeGateSlideToUnlock property docs, written from gobject/controls.toml by `make controls` */
/**
 * CodeGateSlideToUnlock:unlocked:
 *
 * Whether the check is passed: set when the thumb reaches the end, cleared by
 * codegate_slide_to_unlock_lock() (or by a #CodeGateCountdownButton that uses the unlock).
 * Notified each time it changes: `notify::unlocked` with it set is the moment the check is
 * passed.
 */
/**
 * codegate_slide_to_unlock_get_unlocked:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:unlocked.
 *
 * Returns: %TRUE once the thumb reached the end, until the slider is locked again
 */
/**
 * CodeGateSlideToUnlock:hint:
 *
 * The text on the track while locked. Default: "滑动解锁/获取验证码", translated.
 */
/**
 * codegate_slide_to_unlock_get_hint:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:hint.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_hint:
 * @self: a #CodeGateSlideToUnlock
 * @hint: the new text
 *
 * Sets #CodeGateSlideToUnlock:hint.
 */
/**
 * CodeGateSlideToUnlock:unlocked-hint:
 *
 * The text on the track once unlocked. Default: "验证通过", translated.
 */
/**
 * codegate_slide_to_unlock_get_unlocked_hint:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:unlocked-hint.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_unlocked_hint:
 * @self: a #CodeGateSlideToUnlock
 * @hint: the new text
 *
 * Sets #CodeGateSlideToUnlock:unlocked-hint.
 */
/**
 * CodeGateSlideToUnlock:keyboard-hint:
 *
 * How to pass the check by keyboard or clicks: the track's accessible description until the thumb moves. By default it names → and the right end (← and the left end on a track mirrored for a right-to-left language); a text set here is used for both.
 */
/**
 * codegate_slide_to_unlock_get_keyboard_hint:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:keyboard-hint.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_keyboard_hint:
 * @self: a #CodeGateSlideToUnlock
 * @hint: the new text
 *
 * Sets #CodeGateSlideToUnlock:keyboard-hint.
 */
/**
 * CodeGateSlideToUnlock:focused-hint:
 *
 * The keyboard way in a few words, on the track while it has keyboard focus. Names → by default, ← on a mirrored track; a text set here is used for both.
 */
/**
 * codegate_slide_to_unlock_get_focused_hint:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:focused-hint.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_focused_hint:
 * @self: a #CodeGateSlideToUnlock
 * @hint: the new text
 *
 * Sets #CodeGateSlideToUnlock:focused-hint.
 */
/**
 * CodeGateSlideToUnlock:progress-text:
 *
 * Where the thumb stands after a step, for a screen reader: `{0}` is a whole percentage, `{1}` the steps still to go.
 */
/**
 * codegate_slide_to_unlock_get_progress_text:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:progress-text.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_progress_text:
 * @self: a #CodeGateSlideToUnlock
 * @text: the new text
 *
 * Sets #CodeGateSlideToUnlock:progress-text.
 */
/**
 * CodeGateSlideToUnlock:returned-text:
 *
 * What a screen reader hears when the thumb was let go early and went back to the start.
 */
/**
 * codegate_slide_to_unlock_get_returned_text:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:returned-text.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_returned_text:
 * @self: a #CodeGateSlideToUnlock
 * @text: the new text
 *
 * Sets #CodeGateSlideToUnlock:returned-text.
 */
/**
 * CodeGateSlideToUnlock:locked-accessible-name:
 *
 * What a screen reader calls the track while the check is not passed, with {0} for
 * #CodeGateSlideToUnlock:hint: a name that holds the words on the track lets a speech-control
 * user reach it by them (WCAG 2.5.3, Label in Name). Default: "{0}，未通过", translated
 * ("滑动解锁/获取验证码，未通过").
 */
/**
 * codegate_slide_to_unlock_get_locked_accessible_name:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:locked-accessible-name.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_locked_accessible_name:
 * @self: a #CodeGateSlideToUnlock
 * @name: the new text
 *
 * Sets #CodeGateSlideToUnlock:locked-accessible-name.
 */
/**
 * CodeGateSlideToUnlock:unlocked-accessible-name:
 *
 * What a screen reader calls the track once the check is passed, with {0} for
 * #CodeGateSlideToUnlock:unlocked-hint. Default: "{0}", the words on the track ("验证通过").
 */
/**
 * codegate_slide_to_unlock_get_unlocked_accessible_name:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:unlocked-accessible-name.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_unlocked_accessible_name:
 * @self: a #CodeGateSlideToUnlock
 * @name: the new text
 *
 * Sets #CodeGateSlideToUnlock:unlocked-accessible-name.
 */
/**
 * CodeGateSlideToUnlock:position-text:
 *
 * The thumb's position in words while locked: `{0}` is a whole percentage.
 */
/**
 * codegate_slide_to_unlock_get_position_text:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:position-text.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_position_text:
 * @self: a #CodeGateSlideToUnlock
 * @text: the new text
 *
 * Sets #CodeGateSlideToUnlock:position-text.
 */
/**
 * CodeGateSlideToUnlock:unlocked-position-text:
 *
 * The thumb's position in words once unlocked; by default the right end (the left end on a mirrored track).
 */
/**
 * codegate_slide_to_unlock_get_unlocked_position_text:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:unlocked-position-text.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_unlocked_position_text:
 * @self: a #CodeGateSlideToUnlock
 * @text: the new text
 *
 * Sets #CodeGateSlideToUnlock:unlocked-position-text.
 */
/**
 * CodeGateSlideToUnlock:tooltip:
 *
 * The tooltip on the track: how to pass the check with the pointer and the keyboard, shown
 * until the slider is unlocked. Default: "拖动滑块到最右端（键盘：逐次按 → 键）", translated, or
 * the same with ← and the left end on a track mirrored for a right-to-left language.
 */
/**
 * codegate_slide_to_unlock_get_tooltip:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:tooltip.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_tooltip:
 * @self: a #CodeGateSlideToUnlock
 * @tooltip: the new text
 *
 * Sets #CodeGateSlideToUnlock:tooltip.
 */
/**
 * CodeGateSlideToUnlock:group-name:
 *
 * Kept for compatibility: the slider is one accessible node, with no group around it, and this
 * text is stored and read back only. Default: "安全验证", translated.
 *
 * Deprecated: 0.1: shown and spoken nowhere; name the control with
 *   #CodeGateSlideToUnlock:locked-accessible-name instead.
 */
/**
 * codegate_slide_to_unlock_get_group_name:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:group-name.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 *
 * Deprecated: 0.1: #CodeGateSlideToUnlock:group-name is shown nowhere.
 */
/**
 * codegate_slide_to_unlock_set_group_name:
 * @self: a #CodeGateSlideToUnlock
 * @name: the new text
 *
 * Sets #CodeGateSlideToUnlock:group-name.
 *
 * Deprecated: 0.1: #CodeGateSlideToUnlock:group-name is shown nowhere.
 */
/**
 * CodeGateSlideToUnlock:note:
 *
 * A line a screen reader hears before the track's own description, e.g. why the check has to be passed again; %NULL for none.
 */
/**
 * codegate_slide_to_unlock_get_note:
 * @self: a #CodeGateSlideToUnlock
 *
 * Gets #CodeGateSlideToUnlock:note.
 *
 * Returns: (transfer none) (nullable): the text, owned by @self and valid until it changes
 */
/**
 * codegate_slide_to_unlock_set_note:
 * @self: a #CodeGateSlideToUnlock
 * @note: (nullable): the new text
 *
 * Sets #CodeGateSlideToUnlock:note.
 */
/* END CodeGateSlideToUnlock property docs */
/**
 * codegate_slide_to_unlock_new:
 *
 * A new, locked slider.
 *
 * Returns: (transfer floating): the new #CodeGateSlideToUnlock
 */
/**
 * codegate_slide_to_unlock_lock:
 * @self: a #CodeGateSlideToUnlock
 *
 * Locks the check again, the thumb back at the start at once: each unlock is good for one
 * request. Does nothing while locked.
 */
/* BEGIN CodeGateCountdownButton property docs, written from gobject/controls.toml by `make controls` */
/**
 * CodeGateCountdownButton:idle-text:
 *
 * The label while idle. Default: "获取验证码", translated. An empty text is refused with a
 * warning and the old one kept.
 */
/**
 * codegate_countdown_button_get_idle_text:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:idle-text.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_countdown_button_set_idle_text:
 * @self: a #CodeGateCountdownButton
 * @text: the new text
 *
 * Sets #CodeGateCountdownButton:idle-text.
 */
/**
 * CodeGateCountdownButton:label-format:
 *
 * How the label words the cooldown: `{s}` is the seconds left, `{ss}` the same in two digits; one of them must appear, no other `{…}` may, and it is at most 64 characters. Default: "获取验证码({s})", translated. An invalid format is refused with a warning and the old one kept.
 */
/**
 * codegate_countdown_button_get_label_format:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:label-format.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_countdown_button_set_label_format:
 * @self: a #CodeGateCountdownButton
 * @format: the new text
 *
 * Sets #CodeGateCountdownButton:label-format.
 */
/**
 * CodeGateCountdownButton:sending-text:
 *
 * The label while the request waits for its answer. Default: "发送中…", translated.
 */
/**
 * codegate_countdown_button_get_sending_text:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:sending-text.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_countdown_button_set_sending_text:
 * @self: a #CodeGateCountdownButton
 * @text: the new text
 *
 * Sets #CodeGateCountdownButton:sending-text.
 */
/**
 * CodeGateCountdownButton:request-timeout:
 *
 * How many seconds the app's request may take: without an answer by then, it fails by itself
 * with the controls' timeout message (#CodeGateCountdownButton::failed). Default 10; from 1 to
 * %CODEGATE_LONGEST_COOLDOWN. There is no "wait for ever": 0 is not a value of the property —
 * codegate_countdown_button_set_request_timeout() takes it as 1, and g_object_set() refuses
 * it with a warning, keeping the old value.
 */
/**
 * codegate_countdown_button_get_request_timeout:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:request-timeout.
 *
 * Returns: the timeout in seconds, 10 unless set
 */
/**
 * codegate_countdown_button_set_request_timeout:
 * @self: a #CodeGateCountdownButton
 * @seconds: the new timeout, 1 to %CODEGATE_LONGEST_COOLDOWN seconds; 0 is taken as 1, more
 *   than %CODEGATE_LONGEST_COOLDOWN as %CODEGATE_LONGEST_COOLDOWN
 *
 * Sets #CodeGateCountdownButton:request-timeout.
 */
/**
 * CodeGateCountdownButton:enabled:
 *
 * The app's own gate, e.g. whether its form is filled in: while %FALSE the button cannot be
 * pressed. The slider, if any, must be unlocked as well. Default %TRUE.
 */
/**
 * codegate_countdown_button_get_enabled:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:enabled.
 *
 * Returns: whether the app allows a request
 */
/**
 * codegate_countdown_button_set_enabled:
 * @self: a #CodeGateCountdownButton
 * @enabled: whether the app allows a request
 *
 * Sets #CodeGateCountdownButton:enabled.
 */
/**
 * CodeGateCountdownButton:slider:
 *
 * A #CodeGateSlideToUnlock the button waits for: its unlock enables the button, a press spends
 * it (for every button waiting on it), and every way back to idle — the end of the cooldown,
 * a failure, a refusal with no seconds left, a reset, a zero cooldown — locks it again, so one
 * slide is good for one request. A slider disposed meanwhile can no longer be passed. The
 * button holds a reference to it.
 */
/**
 * codegate_countdown_button_get_slider:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:slider.
 *
 * Returns: (transfer none) (nullable): the slider the button waits for
 */
/**
 * codegate_countdown_button_set_slider:
 * @self: a #CodeGateCountdownButton
 * @slider: (nullable): the slider to wait for, or %NULL for none
 *
 * Sets #CodeGateCountdownButton:slider.
 */
/**
 * CodeGateCountdownButton:phase:
 *
 * Idle, sending or counting.
 */
/**
 * codegate_countdown_button_get_phase:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:phase.
 *
 * Returns: idle, sending or counting
 */
/**
 * CodeGateCountdownButton:seconds-left:
 *
 * The whole seconds left of the cooldown, rounded up; 0 when not counting.
 */
/**
 * codegate_countdown_button_get_seconds_left:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:seconds-left.
 *
 * Returns: the whole seconds left, 0 when not counting
 */
/**
 * CodeGateCountdownButton:fraction:
 *
 * How much of the cooldown has passed, from 0 to 1, as the fill shows it; 0 when not counting.
 */
/**
 * codegate_countdown_button_get_fraction:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:fraction.
 *
 * Returns: how much of the cooldown has passed, 0 to 1
 */
/**
 * CodeGateCountdownButton:counting:
 *
 * Whether the cooldown runs: %TRUE from the answer that starts it (codegate_request_sent(),
 * codegate_request_refused() with seconds, codegate_countdown_button_start_cooldown()) until it
 * ends or codegate_countdown_button_reset(), and notified once at each change; a failed request
 * never sets it. While it is %TRUE the button takes no press and assistive technologies hear it
 * disabled, yet gtk_widget_get_sensitive() stays %TRUE, so that the button keeps the keyboard
 * focus and a screen reader can come back to it to hear the seconds left; CSS `:disabled` does
 * not match then, the style class `counting` does. Bind to this property, not to
 * #GtkWidget:sensitive, to follow the cooldown.
 */
/**
 * codegate_countdown_button_get_counting:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:counting.
 *
 * Returns: whether the cooldown runs
 */
/**
 * CodeGateCountdownButton:sending-accessible-name:
 *
 * What a screen reader calls the button while the request waits for its answer: {0} stands
 * for #CodeGateCountdownButton:idle-text, {1} for #CodeGateCountdownButton:sending-text.
 * %NULL (the default) is "{0}，{1}", translated; an app that words the button in another
 * language than the process's words this too.
 */
/**
 * codegate_countdown_button_get_sending_accessible_name:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:sending-accessible-name.
 *
 * Returns: (transfer none) (nullable): the text, owned by @self and valid until it changes;
 *   %NULL for the default
 */
/**
 * codegate_countdown_button_set_sending_accessible_name:
 * @self: a #CodeGateCountdownButton
 * @text: (nullable): the new text, with {0} and {1}; %NULL for the default
 *
 * Sets #CodeGateCountdownButton:sending-accessible-name.
 */
/**
 * CodeGateCountdownButton:counting-accessible-name:
 *
 * What a screen reader calls the button while its cooldown runs: {0} stands for
 * #CodeGateCountdownButton:idle-text, {1} for the whole seconds left. %NULL (the default) is
 * "{0}，{1} 秒后可重新获取", translated.
 */
/**
 * codegate_countdown_button_get_counting_accessible_name:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:counting-accessible-name.
 *
 * Returns: (transfer none) (nullable): the text, owned by @self and valid until it changes;
 *   %NULL for the default
 */
/**
 * codegate_countdown_button_set_counting_accessible_name:
 * @self: a #CodeGateCountdownButton
 * @text: (nullable): the new text, with {0} and {1}; %NULL for the default
 *
 * Sets #CodeGateCountdownButton:counting-accessible-name.
 */
/**
 * CodeGateCountdownButton:sent-news:
 *
 * What a screen reader hears where the focus is when a code was sent (the button's
 * description). Default: "验证码已发送", translated; empty says nothing.
 */
/**
 * codegate_countdown_button_get_sent_news:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:sent-news.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_countdown_button_set_sent_news:
 * @self: a #CodeGateCountdownButton
 * @text: (nullable): the new text; %NULL for the default
 *
 * Sets #CodeGateCountdownButton:sent-news.
 */
/**
 * CodeGateCountdownButton:ready-news:
 *
 * What a screen reader hears where the focus is when the cooldown ends (the description of
 * the slider to pass again, or of the button). Default: "可以重新获取验证码", translated; empty
 * says nothing.
 */
/**
 * codegate_countdown_button_get_ready_news:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:ready-news.
 *
 * Returns: (transfer none): the text, owned by @self and valid until it changes
 */
/**
 * codegate_countdown_button_set_ready_news:
 * @self: a #CodeGateCountdownButton
 * @text: (nullable): the new text; %NULL for the default
 *
 * Sets #CodeGateCountdownButton:ready-news.
 */
/**
 * CodeGateCountdownButton:failure-kind:
 *
 * How the last failed request went wrong, set before #CodeGateCountdownButton::failed is
 * emitted; %CODEGATE_FAILURE_KIND_FAILED until one failed.
 */
/**
 * codegate_countdown_button_get_failure_kind:
 * @self: a #CodeGateCountdownButton
 *
 * Gets #CodeGateCountdownButton:failure-kind.
 *
 * Returns: how the last failed request went wrong
 */
/* END CodeGateCountdownButton property docs */
/**
 * CodeGateCountdownButton::request:
 * @self: the button
 * @request: the request to answer; the handler gets no reference of its own (keep one with
 *   g_object_ref() to answer later)
 *
 * Emitted within the press (a #GtkButton::clicked handler connected after the button's own
 * sees the request under way) when the user pressed the button and the request may run:
 * start the app's own request and answer @request at once or later with
 * codegate_request_sent(), codegate_request_failed() or codegate_request_refused(); the
 * button shows the answer before that call returns. An answer after the timeout,
 * codegate_countdown_button_reset() or the button's dispose is ignored, and @request's
 * cancellable is cancelled then. With no handler connected, the press fails at once with a
 * warning.
 */
/**
 * CodeGateCountdownButton::sent:
 * @self: the button
 * @cooldown_seconds: the cooldown the answer started, in seconds: what
 *   codegate_request_sent() was given, cut to %CODEGATE_LONGEST_COOLDOWN, as
 *   #CodeGateCountdownButton:seconds-left counts it (0: no cooldown, the button is idle again)
 *
 * Emitted when the request was answered and its cooldown starts.
 */
/**
 * CodeGateCountdownButton::failed:
 * @self: the button
 * @message: what went wrong, to show the user: the app's message, or the controls' own
 *   words (translated) on a timeout ("请求超时，请重试"), for
 *   codegate_request_failed (request, %NULL) and codegate_request_refused (request, 0, %NULL)
 *   ("发送失败，请重试") and for codegate_request_refused (request, seconds, %NULL)
 *   ("请 {seconds} 秒后再试", with the seconds cut to %CODEGATE_LONGEST_COOLDOWN)
 *
 * How it went wrong is the emission's detail — `failed::failed`, `failed::refused` or
 * `failed::timed-out`, the nicks of #CodeGateFailureKind — so a handler may take one kind
 * alone; #CodeGateCountdownButton:failure-kind says it to a handler of all.
 *
 * Emitted when the request failed, was refused or timed out: the button's state (its phase, the
 * slider locked again) has settled, and the button shows the failure and moves the focus only
 * after the handlers ran, so words an app sets here (a note beside the slider, its
 * #GtkAccessible description) are what a screen reader hears first, once.
 */
/**
 * CodeGateCountdownButton::cooldown-finished:
 * @self: the button
 *
 * Emitted when a cooldown ends, by itself or by codegate_countdown_button_reset(), and the
 * button may be pressed again.
 */
/**
 * codegate_countdown_button_new:
 *
 * A new button, idle, that waits for no slider.
 *
 * Returns: (transfer floating): the new #CodeGateCountdownButton
 */
/**
 * CodeGateRequest:pending:
 *
 * Whether the button still waits for this request's answer. Notified once, when it ends:
 * answered, timed out, reset, superseded or its button disposed.
 */
/**
 * codegate_request_get_pending:
 * @self: a #CodeGateRequest
 *
 * Gets #CodeGateRequest:pending.
 *
 * Returns: whether an answer to @self would still count
 */
/**
 * codegate_request_get_cancellable:
 * @self: a #CodeGateRequest
 *
 * A cancellable for the app's own I/O behind @self: cancelled when the request ends
 * unanswered (a timeout, a reset, the button disposed, a new request).
 *
 * Returns: (transfer none): the cancellable, owned by @self
 */
/**
 * codegate_request_sent:
 * @self: a #CodeGateRequest
 * @cooldown_seconds: how long before the next request may be made; 0 for none; more than
 *   %CODEGATE_LONGEST_COOLDOWN is cut to it
 *
 * Answers @self: the code was sent, and the cooldown counts down from @cooldown_seconds.
 * Does nothing (but a debug message) when @self is no longer pending.
 */
/**
 * codegate_request_failed:
 * @self: a #CodeGateRequest
 * @message: (nullable): what went wrong, for the user; %NULL for the controls' own words,
 *   "发送失败，请重试" ("Sending failed. Try again." in English)
 *
 * Answers @self: it failed, and the button comes back at once (locking its slider again).
 * Does nothing (but a debug message) when @self is no longer pending.
 */
/**
 * codegate_request_refused:
 * @self: a #CodeGateRequest
 * @retry_after_seconds: how long the server says the number still cools down; more than
 *   %CODEGATE_LONGEST_COOLDOWN is cut to it; 0 is a plain failure, with no cooldown
 * @message: (nullable): what the server said, for the user; %NULL for the controls' own
 *   words, which say a code was sent and when to try again: "验证码已发送，请 {0} 秒后再试"
 *   with the seconds for {0} ("Code sent. Try again in {0} s." in English), not the
 *   failure's "发送失败，请重试", since the button counts down (for 0 s, the failure's words)
 *
 * Answers @self: the server refused because the number is still cooling down (HTTP 429,
 * say), so the button counts down @retry_after_seconds rather than inviting a request bound
 * to be refused again. Does nothing (but a debug message) when @self is no longer pending.
 */
/**
 * codegate_countdown_button_start_cooldown:
 * @self: a #CodeGateCountdownButton
 * @seconds: the cooldown; more than %CODEGATE_LONGEST_COOLDOWN is cut to it
 *
 * Counts down @seconds now, e.g. a cooldown the app learnt of itself; a request under way is
 * dropped.
 */
/**
 * codegate_countdown_button_reset:
 * @self: a #CodeGateCountdownButton
 *
 * Back to idle at once: a request under way is dropped (its #CodeGateRequest is no longer
 * pending), a cooldown ends.
 */
G_END_DECLS

#endif /* CODEGATE_H */

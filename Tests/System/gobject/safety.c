/* What a GTK developer does in ordinary use that must never crash the controls, from C, under
 * G_DEBUG=fatal-criticals and valgrind (Tests/System/gobject/run). One case per run, named by
 * the first argument, as GTK and a class are initialised once per process:
 *   press-destroy  a pressed button destroyed after 0…5 main-loop turns, its request answered
 *                  afterwards; 300 cycles of create, press, destroy
 *   child          gtk_button_set_label, set_child and set_icon_name during a cooldown
 *   worker-gtk     GTK initialised and run on a worker thread: a button made, built by
 *                  GtkBuilder with label-format, pressed and answered there
 *   worker-class   the button's class first referenced on a worker, used on the main thread
 *   worker-unref   a request's last reference dropped on a worker thread
 *   one-slide      one slide, one request, after every answer and with two buttons
 *   sensitive      the app's set_sensitive (FALSE) across enabled toggles and a cooldown's end
 *   range          GtkRange's set_range, set_increments and set_adjustment on the slider
 *   words          text that is not UTF-8, empty words, a disposed slider, the busy class
 * Exits 0 when every check held; prints FAIL lines otherwise. */
#include <codegate.h>

static int failures;

static void
check (gboolean condition, const char *what)
{
  g_print ("%s: %s\n", condition ? "PASS" : "FAIL", what);
  if (!condition)
    failures++;
}

static void
settle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
keep_request (CodeGateCountdownButton *button, CodeGateRequest *request, gpointer data)
{
  GPtrArray *kept = data;
  g_ptr_array_add (kept, g_object_ref (request));
}

static void
answer_sent (CodeGateCountdownButton *button, CodeGateRequest *request, gpointer data)
{
  codegate_request_sent (request, GPOINTER_TO_UINT (data));
}

static void
press_destroy (void)
{
  gtk_init ();
  for (int turns = 0; turns <= 5; turns++)
    {
      g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
      GtkWidget *window = gtk_window_new ();
      GtkWidget *button = codegate_countdown_button_new ();
      g_signal_connect (button, "request", G_CALLBACK (keep_request), kept);
      gtk_window_set_child (GTK_WINDOW (window), button);
      gtk_window_present (GTK_WINDOW (window));
      g_signal_emit_by_name (button, "clicked");
      for (int turn = 0; turn < turns; turn++)
        g_main_context_iteration (NULL, FALSE);
      gtk_window_destroy (GTK_WINDOW (window));
      settle ();
      gboolean cancelled = kept->len == 1 &&
        g_cancellable_is_cancelled (codegate_request_get_cancellable (kept->pdata[0]));
      if (kept->len == 1)
        codegate_request_sent (kept->pdata[0], 60);
      g_autofree char *what = g_strdup_printf ("pressed, destroyed after %d turn(s): the request cancelled, "
                                               "a late answer ignored", turns);
      check (cancelled, what);
    }
  for (int cycle = 0; cycle < 300; cycle++)
    {
      GtkWidget *window = gtk_window_new ();
      GtkWidget *button = codegate_countdown_button_new ();
      g_signal_connect (button, "request", G_CALLBACK (answer_sent), GUINT_TO_POINTER (60));
      gtk_window_set_child (GTK_WINDOW (window), button);
      g_signal_emit_by_name (button, "clicked");
      gtk_window_destroy (GTK_WINDOW (window));
      settle ();
    }
  check (TRUE, "300 cycles of create, press, destroy");
}

static void
run_for (guint milliseconds)
{
  gint64 end = g_get_monotonic_time () + milliseconds * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

static void
child (void)
{
  gtk_init ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *button = codegate_countdown_button_new ();
  g_signal_connect (button, "request", G_CALLBACK (answer_sent), GUINT_TO_POINTER (20));
  gtk_window_set_child (GTK_WINDOW (window), button);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_emit_by_name (button, "clicked");
  GtkWidget *content = gtk_button_get_child (GTK_BUTTON (button));
  gtk_button_set_label (GTK_BUTTON (button), "Get code");
  run_for (1200);
  check (gtk_button_get_child (GTK_BUTTON (button)) == content &&
         g_str_equal (codegate_countdown_button_get_idle_text (CODEGATE_COUNTDOWN_BUTTON (button)), "Get code"),
         "set_label during a cooldown: the content stays, the label is the idle text, ticks draw on");
  gtk_button_set_child (GTK_BUTTON (button), gtk_label_new ("mine"));
  run_for (1200);
  check (gtk_button_get_child (GTK_BUTTON (button)) == content, "set_child during a cooldown: refused");
  gtk_button_set_icon_name (GTK_BUTTON (button), "edit-copy-symbolic");
  run_for (1200);
  check (gtk_button_get_child (GTK_BUTTON (button)) == content, "set_icon_name during a cooldown: refused");
  gtk_button_set_label (GTK_BUTTON (button), "Again");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  check (TRUE, "set_label, then destroyed before the content came back");
}

static gpointer
gtk_on_worker (gpointer unused)
{
  gtk_init ();
  GtkWidget *button = codegate_countdown_button_new ();
  check (CODEGATE_IS_COUNTDOWN_BUTTON (button), "GTK on a worker: codegate_countdown_button_new() makes a button");
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_string (
    "<interface><object class=\"CodeGateCountdownButton\" id=\"b\">"
    "<property name=\"label-format\">Again in {s} s</property></object></interface>", -1);
  GObject *built = gtk_builder_get_object (builder, "b");
  check (CODEGATE_IS_COUNTDOWN_BUTTON (built) &&
         g_str_equal (codegate_countdown_button_get_label_format (CODEGATE_COUNTDOWN_BUTTON (built)), "Again in {s} s"),
         "GTK on a worker: GtkBuilder sets label-format");
  GtkWidget *window = gtk_window_new ();
  gtk_window_set_child (GTK_WINDOW (window), button);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (button, "request", G_CALLBACK (answer_sent), GUINT_TO_POINTER (30));
  g_signal_emit_by_name (button, "clicked");
  run_for (300);
  check (codegate_countdown_button_get_seconds_left (CODEGATE_COUNTDOWN_BUTTON (button)) == 30,
         "GTK on a worker: pressed and answered, it counts down");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  return NULL;
}

static gpointer
ref_class (gpointer unused)
{
  g_type_class_ref (CODEGATE_TYPE_COUNTDOWN_BUTTON);
  return NULL;
}

static void
worker_class (void)
{
  g_thread_join (g_thread_new ("class", ref_class, NULL));
  gtk_init ();
  GObjectClass *class = g_type_class_peek (CODEGATE_TYPE_COUNTDOWN_BUTTON);
  check (g_object_class_find_property (class, "label-format") != NULL,
         "the class first referenced on a worker has its properties");
  GtkWidget *button = g_object_ref_sink (codegate_countdown_button_new ());
  check (g_str_equal (codegate_countdown_button_get_idle_text (CODEGATE_COUNTDOWN_BUTTON (button)), "获取验证码"),
         "a button made on the main thread after it works");
  g_object_unref (button);
}

static gpointer
unref_on_worker (gpointer request)
{
  g_object_unref (request);
  return NULL;
}

static void
worker_unref (void)
{
  gtk_init ();
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *button = codegate_countdown_button_new ();
  g_signal_connect (button, "request", G_CALLBACK (keep_request), kept);
  gtk_window_set_child (GTK_WINDOW (window), button);
  g_signal_emit_by_name (button, "clicked");
  codegate_request_sent (kept->pdata[0], 10);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  g_thread_join (g_thread_new ("unref", unref_on_worker, kept->pdata[0]));
  check (TRUE, "a request's last reference dropped on a worker thread");
}

static void
one_slide (void)
{
  gtk_init ();
  const char *ways[] = { "sent(0)", "refused(0)", "failed", "reset", "start_cooldown(0)" };
  for (guint way = 0; way < G_N_ELEMENTS (ways); way++)
    {
      g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
      GtkWidget *slider = g_object_ref_sink (codegate_slide_to_unlock_new ());
      GtkWidget *button = g_object_ref_sink (codegate_countdown_button_new ());
      CodeGateCountdownButton *self = CODEGATE_COUNTDOWN_BUTTON (button);
      codegate_countdown_button_set_slider (self, CODEGATE_SLIDE_TO_UNLOCK (slider));
      g_signal_connect (button, "request", G_CALLBACK (keep_request), kept);
      for (int step = 0; step < 10; step++)
        g_signal_emit_by_name (slider, "move-slider", GTK_SCROLL_STEP_FORWARD);
      g_signal_emit_by_name (button, "clicked");
      switch (way)
        {
        case 0: codegate_request_sent (kept->pdata[0], 0); break;
        case 1: codegate_request_refused (kept->pdata[0], 0, NULL); break;
        case 2: codegate_request_failed (kept->pdata[0], NULL); break;
        case 3: codegate_countdown_button_reset (self); break;
        default: codegate_countdown_button_start_cooldown (self, 0); break;
        }
      settle ();
      g_signal_emit_by_name (button, "clicked");
      g_autofree char *what = g_strdup_printf ("after %s: the slider locked, a second press asks nothing", ways[way]);
      check (kept->len == 1 && !codegate_slide_to_unlock_get_unlocked (CODEGATE_SLIDE_TO_UNLOCK (slider)), what);
      g_object_unref (button);
      g_object_unref (slider);
    }
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func (g_object_unref);
  GtkWidget *slider = g_object_ref_sink (codegate_slide_to_unlock_new ());
  GtkWidget *first = g_object_ref_sink (codegate_countdown_button_new ());
  GtkWidget *second = g_object_ref_sink (codegate_countdown_button_new ());
  for (GtkWidget **each = (GtkWidget *[]) { first, second, NULL }; *each; each++)
    {
      codegate_countdown_button_set_slider (CODEGATE_COUNTDOWN_BUTTON (*each), CODEGATE_SLIDE_TO_UNLOCK (slider));
      g_signal_connect (*each, "request", G_CALLBACK (keep_request), kept);
    }
  for (int step = 0; step < 10; step++)
    g_signal_emit_by_name (slider, "move-slider", GTK_SCROLL_STEP_FORWARD);
  g_signal_emit_by_name (first, "clicked");
  g_signal_emit_by_name (second, "clicked");
  codegate_request_sent (kept->pdata[0], 0);
  g_signal_emit_by_name (second, "clicked");
  check (kept->len == 1, "two buttons on one slider: one request for one slide");
  g_object_unref (first);
  g_object_unref (second);
  g_object_unref (slider);
}

static void
sensitive (void)
{
  gtk_init ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *button = codegate_countdown_button_new ();
  CodeGateCountdownButton *self = CODEGATE_COUNTDOWN_BUTTON (button);
  gtk_window_set_child (GTK_WINDOW (window), button);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (button, "request", G_CALLBACK (answer_sent), GUINT_TO_POINTER (1));
  gtk_widget_set_sensitive (button, FALSE);
  codegate_countdown_button_set_enabled (self, FALSE);
  codegate_countdown_button_set_enabled (self, TRUE);
  check (!gtk_widget_get_sensitive (button), "the app's set_sensitive (FALSE) holds across enabled toggles");
  g_signal_emit_by_name (button, "clicked");
  run_for (1500);
  check (codegate_countdown_button_get_phase (self) == CODEGATE_COUNTDOWN_PHASE_IDLE && !gtk_widget_get_sensitive (button) &&
         (gtk_widget_get_state_flags (button) & GTK_STATE_FLAG_INSENSITIVE),
         "and across a cooldown's end, in the state flags too");
  gtk_widget_set_sensitive (button, TRUE);
  check (gtk_widget_get_sensitive (button), "set_sensitive (TRUE): ready, so sensitive");
  codegate_countdown_button_set_enabled (self, FALSE);
  check (!gtk_widget_get_sensitive (button), "the button's own gate still turns it insensitive");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static void
range (void)
{
  gtk_init ();
  for (int setter = 0; setter < 3; setter++)
    {
      GtkWidget *slider = g_object_ref_sink (codegate_slide_to_unlock_new ());
      if (setter == 0)
        gtk_range_set_range (GTK_RANGE (slider), 0, 10);
      else if (setter == 1)
        gtk_range_set_increments (GTK_RANGE (slider), 50, 50);
      else
        gtk_range_set_adjustment (GTK_RANGE (slider), gtk_adjustment_new (0, 0, 10, 1, 1, 0));
      GtkAdjustment *adjustment = gtk_range_get_adjustment (GTK_RANGE (slider));
      for (int step = 0; step < 9; step++)
        g_signal_emit_by_name (slider, "move-slider", GTK_SCROLL_STEP_FORWARD);
      gboolean nine = codegate_slide_to_unlock_get_unlocked (CODEGATE_SLIDE_TO_UNLOCK (slider));
      g_signal_emit_by_name (slider, "move-slider", GTK_SCROLL_STEP_FORWARD);
      const char *names[] = { "set_range", "set_increments", "set_adjustment" };
      g_autofree char *what = g_strdup_printf ("%s: the range stays 0 to 100 in steps of 10; nine steps do not "
                                               "unlock, ten do", names[setter]);
      check (gtk_adjustment_get_upper (adjustment) == 100 && gtk_adjustment_get_step_increment (adjustment) == 10 &&
             !nine && codegate_slide_to_unlock_get_unlocked (CODEGATE_SLIDE_TO_UNLOCK (slider)), what);
      g_object_unref (slider);
    }
}

static void
fail_request (CodeGateCountdownButton *button, CodeGateRequest *request, gpointer message)
{
  codegate_request_failed (request, message);
}

static void
keep_message (CodeGateCountdownButton *button, const char *message, gpointer data)
{
  g_string_assign (data, message);
}

static void
words (void)
{
  gtk_init ();
  GtkWidget *button = g_object_ref_sink (codegate_countdown_button_new ());
  CodeGateCountdownButton *self = CODEGATE_COUNTDOWN_BUTTON (button);
  codegate_countdown_button_set_idle_text (self, "\xff\xfe");
  g_object_set (button, "sending-text", "caf\xe9", NULL);
  check (g_str_equal (codegate_countdown_button_get_idle_text (self), "获取验证码") &&
         g_str_equal (codegate_countdown_button_get_sending_text (self), "发送中…"),
         "text that is not UTF-8 is refused, by a setter and by g_object_set");
  codegate_countdown_button_set_sending_text (self, "");
  codegate_countdown_button_set_sending_text (self, NULL);
  check (g_str_equal (codegate_countdown_button_get_sending_text (self), "发送中…"), "an empty or NULL sending-text is refused");
  GtkWidget *slider = g_object_ref_sink (codegate_slide_to_unlock_new ());
  CodeGateSlideToUnlock *unlock = CODEGATE_SLIDE_TO_UNLOCK (slider);
  codegate_slide_to_unlock_set_hint (unlock, "");
  codegate_slide_to_unlock_set_tooltip (unlock, NULL);
  check (g_str_equal (codegate_slide_to_unlock_get_hint (unlock), "滑动解锁/获取验证码") &&
         *codegate_slide_to_unlock_get_tooltip (unlock) != '\0', "an empty hint or a NULL tooltip is refused");

  g_autoptr (GString) message = g_string_new (NULL);
  g_signal_connect (button, "request", G_CALLBACK (fail_request), "caf\xe9");
  g_signal_connect (button, "failed", G_CALLBACK (keep_message), message);
  g_signal_emit_by_name (button, "clicked");
  check (g_utf8_validate (message->str, -1, NULL) && message->len > 0, "a failure's message that is not UTF-8: the controls' words");

  codegate_countdown_button_set_slider (self, unlock);
  for (int step = 0; step < 10; step++)
    g_signal_emit_by_name (slider, "move-slider", GTK_SCROLL_STEP_FORWARD);
  g_object_run_dispose (G_OBJECT (slider));
  g_signal_emit_by_name (button, "clicked");
  check (codegate_countdown_button_get_phase (self) == CODEGATE_COUNTDOWN_PHASE_IDLE,
         "a disposed slider can no longer be passed: the button asks nothing");
  g_object_unref (slider);
  g_object_unref (button);

  GtkWidget *counting = g_object_ref_sink (codegate_countdown_button_new ());
  g_signal_connect (counting, "request", G_CALLBACK (answer_sent), GUINT_TO_POINTER (30));
  g_signal_emit_by_name (counting, "clicked");
  check (gtk_widget_has_css_class (counting, "counting") && !gtk_widget_has_css_class (counting, "busy"),
         "counting, not busy: busy is only while a request runs");
  g_object_unref (counting);
}

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "";
  if (g_str_equal (name, "press-destroy"))
    press_destroy ();
  else if (g_str_equal (name, "child"))
    child ();
  else if (g_str_equal (name, "worker-gtk"))
    g_thread_join (g_thread_new ("gtk", gtk_on_worker, NULL));
  else if (g_str_equal (name, "worker-class"))
    worker_class ();
  else if (g_str_equal (name, "worker-unref"))
    worker_unref ();
  else if (g_str_equal (name, "one-slide"))
    one_slide ();
  else if (g_str_equal (name, "sensitive"))
    sensitive ();
  else if (g_str_equal (name, "range"))
    range ();
  else if (g_str_equal (name, "words"))
    words ();
  else
    {
      g_printerr ("safety: no case named '%s'\n", name);
      return 2;
    }
  return failures == 0 ? 0 : 1;
}

/* CodeGate's two controls from C: slide to unlock, then request a code.
 *
 * Build against the installed library (or the staged one, with PKG_CONFIG_PATH and
 * LD_LIBRARY_PATH pointing into .build/stage):
 *   cc -o controls-example controls-example.c $(pkg-config --cflags --libs codegate-1)
 */
#include <codegate.h>

/* What the app's own server call needs to answer: the request, and whether to fail. */
typedef struct {
  CodeGateRequest *request;
  gboolean failing;
} Call;

/* A stand-in for this app's own server call, answered after 300 ms: a 60 s cooldown, or a
 * failure when the check box says so. An answer to a request that timed out meanwhile is
 * ignored: it never lands on a newer one. */
static gboolean
answer_request (gpointer data)
{
  Call *call = data;

  if (call->failing)
    codegate_request_failed (call->request, "服务器拒绝了请求，请重新滑动验证");
  else
    codegate_request_sent (call->request, 60);
  return G_SOURCE_REMOVE;
}

static void
free_call (gpointer data)
{
  Call *call = data;

  g_object_unref (call->request);
  g_free (call);
}

/* The user pressed the button: start the app's request, and keep it to answer. */
static void
on_request (G_GNUC_UNUSED CodeGateCountdownButton *button, CodeGateRequest *request, GtkCheckButton *failing)
{
  Call *call = g_new0 (Call, 1);

  call->request = g_object_ref (request);
  call->failing = gtk_check_button_get_active (failing);
  g_timeout_add_full (G_PRIORITY_DEFAULT, 300, answer_request, call, free_call);
}

static void
on_sent (G_GNUC_UNUSED CodeGateCountdownButton *button, guint cooldown_seconds, GtkLabel *status)
{
  g_autofree char *text = g_strdup_printf ("验证码已发送，%u 秒后可重新获取", cooldown_seconds);

  gtk_label_set_text (status, text);
}

static void
on_failed (G_GNUC_UNUSED CodeGateCountdownButton *button, const char *message, GtkLabel *status)
{
  gtk_label_set_text (status, message);
}

static void
activate (GtkApplication *application)
{
  GtkWidget *slider = codegate_slide_to_unlock_new ();
  GtkWidget *button = codegate_countdown_button_new ();
  GtkWidget *failing = gtk_check_button_new_with_label ("让请求失败");
  GtkWidget *status = gtk_label_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *window = gtk_application_window_new (application);

  /* The slide enables the button; the end of a cooldown or a failure locks the slider again. */
  codegate_countdown_button_set_slider (CODEGATE_COUNTDOWN_BUTTON (button), CODEGATE_SLIDE_TO_UNLOCK (slider));
  g_signal_connect (button, "request", G_CALLBACK (on_request), failing);
  g_signal_connect (button, "sent", G_CALLBACK (on_sent), status);
  g_signal_connect (button, "failed", G_CALLBACK (on_failed), status);

  gtk_box_append (GTK_BOX (box), slider);
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), failing);
  gtk_box_append (GTK_BOX (box), status);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_window_set_title (GTK_WINDOW (window), "CodeGate controls");
  gtk_window_set_default_size (GTK_WINDOW (window), 360, -1);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (GtkApplication) application =
      gtk_application_new ("io.github.codegate.ControlsExample", G_APPLICATION_NON_UNIQUE);
  const char *close_keys[] = { "<Control>w", NULL };

  g_signal_connect (application, "activate", G_CALLBACK (activate), NULL);
  /* GtkWindow's own window.close action, on the key most apps close a window with. */
  gtk_application_set_accels_for_action (application, "window.close", close_keys);
  return g_application_run (G_APPLICATION (application), argc, argv);
}

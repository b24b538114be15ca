#ifndef CODEGATE_CGTK_SHIM_H
#define CODEGATE_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <sys/timerfd.h>

/* The few C macros and variadic calls Swift cannot import, typed, in one place. */

static inline gboolean cg_animations_enabled(GtkWidget *widget) {
  gboolean enabled = TRUE;
  g_object_get(gtk_widget_get_settings(widget), "gtk-enable-animations", &enabled, NULL);
  return enabled;
}

/* Whether focusing an entry by keyboard selects its whole text: off, so Tab into a half-typed
 * number does not make the next digit replace it. */
static inline void cg_set_entry_select_on_focus(GtkWidget *widget, gboolean select) {
  g_object_set(gtk_widget_get_settings(widget), "gtk-entry-select-on-focus", select, NULL);
}

/* A new widget of `type` that assistive technologies pass over: a container or picture that
 * only arranges or decorates what is named elsewhere. The role can only be given at
 * construction, which takes g_object_new's variadic properties. */
static inline GtkWidget *cg_presentation_new(GType type) {
  return GTK_WIDGET(g_object_new(type, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL));
}

/* A stack page is what a screen reader meets around a page's content: named, not "GtkStackPage". */
static inline void cg_stack_page_set_label(GtkStackPage *page, const char *label) {
  if (GTK_IS_ACCESSIBLE(page))
    gtk_accessible_update_property(GTK_ACCESSIBLE(page), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void cg_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/* A label that replaces the name GTK gives `widget` itself: in GTK 4.18 a LABELLED_BY
 * relation (GTK's own, e.g. a menu item's, to a label it leaves nameless) wins over a label. */
static inline void cg_accessible_replace_label(GtkWidget *widget, const char *label) {
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  cg_accessible_set_label(widget, label);
}

/* GTK 4.8 keeps what was set on an accessible before its AT-SPI object existed and sends it with
 * the next update, the focus typically: a screen reader hears the words the object already had
 * a second time. A platform change (here focusable, set off and on) makes the object, and the
 * label set again with its own value sends what was kept, now, while nobody is on it. */
static inline void cg_accessible_send_kept(GtkWidget *widget, const char *label) {
  if (gtk_widget_has_focus(widget) || !gtk_widget_get_focusable(widget))
    return;
  gtk_widget_set_focusable(widget, FALSE);
  gtk_widget_set_focusable(widget, TRUE);
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline void cg_accessible_set_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

static inline void cg_accessible_set_value_text(GtkWidget *widget, const char *text) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
}

/* The number a range reports over AT-SPI. GTK 4.8 keeps the last value other than 0 when the
 * range's value becomes 0 (a glide back left the slider at 0.0003 for a screen reader); a value
 * of 0 is reported when none is stored, so 0 resets it. */
static inline void cg_accessible_set_value_now(GtkWidget *widget, double value) {
  if (value == 0)
    gtk_accessible_reset_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW);
  else
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, value, -1);
}

/* Whether assistive technologies pass over a widget that stays visible to GTK, e.g. a stack's
 * page that is not the one shown. */
static inline void cg_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

static inline void cg_accessible_set_invalid(GtkWidget *widget, gboolean invalid) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_INVALID,
                              invalid ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE, -1);
}

/* A widget that stays focusable yet says it cannot be used now: AT-SPI then reports it without
 * SENSITIVE, as for an insensitive one. */
static inline void cg_accessible_set_disabled(GtkWidget *widget, gboolean disabled) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_DISABLED, disabled, -1);
}

/* An integer property, read and set (g_object_get/set are variadic): e.g. GtkSettings'
 * gtk-xft-dpi, the desktop's text scaling. */
static inline int cg_object_get_int(gpointer object, const char *name) {
  int value = 0;
  g_object_get(object, name, &value, NULL);
  return value;
}

static inline void cg_object_set_int(gpointer object, const char *name, int value) {
  g_object_set(object, name, value, NULL);
}

/* A string property, newly allocated (g_free it), or NULL. */
static inline char *cg_object_dup_string(gpointer object, const char *name) {
  char *value = NULL;
  g_object_get(object, name, &value, NULL);
  return value;
}

static inline void cg_log_warning(const char *message) {
  g_log("CodeGate", G_LOG_LEVEL_WARNING, "%s", message);
}

/* Message level: printed by default, yet never fatal, unlike a warning under the tests'
 * always-fatal mask or G_DEBUG=fatal-warnings. For state the app ignores and replaces. */
static inline void cg_log_message(const char *message) {
  g_log("CodeGate", G_LOG_LEVEL_MESSAGE, "%s", message);
}

#endif

#ifndef CODEGATE_CCODEGATEGOBJECT_SHIM_H
#define CODEGATE_CCODEGATEGOBJECT_SHIM_H

#include <gtk/gtk.h>

/* What the GObject types of the controls (CodeGateGtk/Interop/GObject, and libcodegate-1's C
 * API over them) need from GLib and Swift cannot
 * import: the fundamental type macros, G_TYPE_FROM_INSTANCE, and the enum type, whose value
 * table must be static C data that lives as long as the type system. */

static inline GType cg_type_none(void) { return G_TYPE_NONE; }
static inline GType cg_type_uint(void) { return G_TYPE_UINT; }
static inline GType cg_type_string(void) { return G_TYPE_STRING; }
static inline GType cg_type_object(void) { return G_TYPE_OBJECT; }

static inline GType cg_type_of_instance(gpointer instance) { return G_TYPE_FROM_INSTANCE(instance); }
static inline GType cg_type_of_class(gpointer klass) { return G_TYPE_FROM_CLASS(klass); }

static inline gboolean cg_is_instance_of(gpointer instance, GType type) {
  return instance != NULL && G_TYPE_CHECK_INSTANCE_TYPE(instance, type);
}

/* Registers CodeGateCountdownPhase, in the order of the header's enum. Call it once (Swift's
 * `static let` does): a static inline function has a copy, and a static, in each file. */
static inline GType cg_countdown_phase_register(void) {
  static const GEnumValue values[] = {
    { 0, "CODEGATE_COUNTDOWN_PHASE_IDLE", "idle" },
    { 1, "CODEGATE_COUNTDOWN_PHASE_SENDING", "sending" },
    { 2, "CODEGATE_COUNTDOWN_PHASE_COUNTING", "counting" },
    { 0, NULL, NULL },
  };
  return g_enum_register_static("CodeGateCountdownPhase", values);
}

/* Registers CodeGateFailureKind, in the order of the header's enum; once, as above. */
static inline GType cg_failure_kind_register(void) {
  static const GEnumValue values[] = {
    { 0, "CODEGATE_FAILURE_KIND_FAILED", "failed" },
    { 1, "CODEGATE_FAILURE_KIND_REFUSED", "refused" },
    { 2, "CODEGATE_FAILURE_KIND_TIMED_OUT", "timed-out" },
    { 0, NULL, NULL },
  };
  return g_enum_register_static("CodeGateFailureKind", values);
}

/* A critical about a call the C API refuses (a wrong instance type), as g_return_if_fail
 * reports one: G_DEBUG=fatal-criticals makes it a crash in tests. */
static inline void cg_log_critical(const char *message) {
  g_log("CodeGate", G_LOG_LEVEL_CRITICAL, "%s", message);
}

/* An answer that comes too late, which GLib prints only under G_MESSAGES_DEBUG. */
static inline void cg_log_debug(const char *message) {
  g_log("CodeGate", G_LOG_LEVEL_DEBUG, "%s", message);
}

/* The GObject's class, for the vfuncs that need the type that registered it. */
static inline gpointer cg_class_of_instance(gpointer instance) { return G_OBJECT_GET_CLASS(instance); }

#endif

#ifndef CODEGATE_CGLIB_SHIM_H
#define CODEGATE_CGLIB_SHIM_H

/* GLib and GObject alone, for the glue every CodeGate process shares, with GTK (the controls,
   the app) or without it (the gateway server). */
#include <glib.h>
#include <glib-unix.h>
#include <glib-object.h>
#include <sys/timerfd.h>

/* libdispatch's main-queue hooks, exported for a run loop that is not Dispatch's own: the
 * eventfd that becomes readable when main-queue work is pending, and the call that drains it. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

#endif

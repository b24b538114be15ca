#ifndef CODEGATE_CSOUP_SHIM_H
#define CODEGATE_CSOUP_SHIM_H

/* libsoup 3 (Debian's libsoup-3.0-dev): the HTTP client and the gateway's server, on the GLib
   main loop. The macros and variadic functions Swift cannot import get typed wrappers here. */
#include <libsoup/soup.h>
/* g_unix_signal_add_full, g_unix_fd_add_full: the gateway's signals and main-queue watch. */
#include <glib-unix.h>

/* libdispatch's main-queue hooks (as in ../CGtk/shim.h), for the gateway's GLib loop: the
 * eventfd that becomes readable when main-queue work is pending, and the call that drains it. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

#endif

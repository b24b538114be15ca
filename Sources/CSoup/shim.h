#ifndef CODEGATE_CSOUP_SHIM_H
#define CODEGATE_CSOUP_SHIM_H

/* libsoup 3 (Debian's libsoup-3.0-dev): the HTTP client and the gateway's server, on the GLib
   main loop. The macros and variadic functions Swift cannot import get typed wrappers here. */
#include <libsoup/soup.h>

#endif

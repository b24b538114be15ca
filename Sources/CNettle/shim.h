#ifndef CODEGATE_CNETTLE_SHIM_H
#define CODEGATE_CNETTLE_SHIM_H

/* Nettle's SHA-256 (Debian's nettle-dev), for the challenges' work: libnettle8 picks the CPU's
   SHA instructions at run time where it has them, and is on every GNOME system already (GnuTLS,
   glib-networking). Swift sees its functions by their real names (nettle_sha256_init…): the
   short names are macros. */
#include <nettle/sha2.h>

#endif

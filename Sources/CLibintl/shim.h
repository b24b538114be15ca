#ifndef CODEGATE_CLIBINTL_SHIM_H
#define CODEGATE_CLIBINTL_SHIM_H

/* glibc's gettext, which Swift's Glibc module leaves out; it lives in libc, so nothing to link. */
#include <libintl.h>

#endif

#ifndef CODEGATE_CSOUPTYPES_SHIM_H
#define CODEGATE_CSOUPTYPES_SHIM_H

/* libsoup 3's types and constants, for code that calls libsoup through CSoupLoader's table:
   nothing here links libsoup (calling a soup_* function directly fails to link). */
#include <libsoup/soup.h>

#endif

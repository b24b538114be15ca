#ifndef CODEGATE_CSOUP_SHIM_H
#define CODEGATE_CSOUP_SHIM_H

/* libsoup 3 (Debian's libsoup-3.0-dev), one module over its headers for every target: the
   gateway's server and webhooks, which link libsoup (Package.swift's linkerSettings), and the
   HTTP client, which reaches libsoup only through the table soup_loader.h declares and the
   CSoupLoader target fills. This module links nothing but GIO, so a soup_* call from a target
   that does not link libsoup fails to link. */
#include <libsoup/soup.h>
#include "soup_loader.h"

#endif

#ifndef CODEGATE_CADW_SHIM_H
#define CODEGATE_CADW_SHIM_H

/* libadwaita for the app's shell only (App/): the reusable controls import CGtk alone.
 * GTK comes in through CGtk's header first, which makes Clang import the CGtk module rather
 * than copy GTK's declarations into this one: a second copy would make Swift see each GTK
 * and GLib declaration twice, owned by the module that happened to be built first. */
#include "../CGtk/shim.h"
#include <adwaita.h>

#endif

#ifndef CODEGATE_CONTROLS_CATALOGS_H
#define CODEGATE_CONTROLS_CATALOGS_H

/* The controls' gettext catalogs are this target's resources: SwiftPM copies them, compiled by
 * EmbedPlugin, into a bundle folder beside the binary the target is linked into. This finds that
 * binary: the executable when the controls are linked in statically (a Swift app), the shared
 * library when they come from libcodegate-1. */

/* The folder of the binary that carries this code, symlinks resolved; NULL when it cannot be
 * told. The caller frees it with free(). Hidden, and outside libcodegate-1's `codegate_*`
 * namespace: not part of its C API. */
__attribute__((visibility("hidden"))) char *controls_catalogs_binary_folder(void);

#endif

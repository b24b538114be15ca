#define _GNU_SOURCE
#include "controls_catalogs.h"

#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>

char *controls_catalogs_binary_folder(void) {
    Dl_info info;
    struct link_map *map = NULL;
    if (dladdr1((void *)controls_catalogs_binary_folder, &info, (void **)&map, RTLD_DL_LINKMAP) == 0) {
        return NULL;
    }
    /* The main program's link map has an empty name, and dladdr's file name for it is argv[0],
     * which may be relative or a name PATH found: the kernel's link is the binary itself. */
    const char *binary = (map == NULL || map->l_name == NULL || map->l_name[0] == '\0')
        ? "/proc/self/exe" : map->l_name;
    char *path = realpath(binary, NULL);
    if (path == NULL) {
        return NULL;
    }
    char *slash = strrchr(path, '/');
    if (slash == NULL) {
        free(path);
        return NULL;
    }
    /* "/x" keeps its root. */
    slash[slash == path ? 1 : 0] = '\0';
    return path;
}

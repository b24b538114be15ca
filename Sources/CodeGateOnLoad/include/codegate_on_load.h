#ifndef CODEGATE_ON_LOAD_H
#define CODEGATE_ON_LOAD_H

/* Nothing to call: this target's only work is done by an ELF constructor (on_load.c). */

#endif

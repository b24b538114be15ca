#ifndef CODEGATE_CSQLITE_SHIM_H
#define CODEGATE_CSQLITE_SHIM_H

/* SQLite 3 (Debian's libsqlite3-dev), where the embedded gateway keeps its state. */
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
   binding with it makes SQLite copy the bytes before the call returns. */
static inline sqlite3_destructor_type cg_sqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif

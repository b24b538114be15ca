#ifndef CODEGATE_CLIBPQ_SHIM_H
#define CODEGATE_CLIBPQ_SHIM_H

/* libpq (Debian's libpq-dev), the PostgreSQL client codegate-gateway --database speaks through.
   Only codegate-gateway links it: the app never maps libpq and what it brings (Kerberos, LDAP). */
#include <libpq-fe.h>

#endif

/* The table is declared in CSoup, the one module over libsoup's headers, so Swift sees every
   libsoup declaration through one module whichever of the two a target imports. */
#include "../CSoup/soup_loader.h"

#include <dlfcn.h>

static CGSoup table;
static gboolean loaded;

/* Each field from the symbol of its own name with "soup_" before it. */
#define RESOLVE(field)                                    \
  if (!(*(void **)&table.field = dlsym(handle, "soup_" #field))) \
    goto missing;

const CGSoup *cg_soup_load(const char *library, const char **error) {
  if (loaded)
    return &table;
  /* Local: only this table reaches its symbols. */
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    *error = dlerror();
    return NULL;
  }
  RESOLVE(session_new)
  RESOLVE(session_set_user_agent)
  RESOLVE(session_remove_feature_by_type)
  RESOLVE(session_abort)
  RESOLVE(session_send_async)
  RESOLVE(session_send_finish)
  RESOLVE(content_decoder_get_type)
  RESOLVE(message_new_from_uri)
  RESOLVE(message_add_flags)
  RESOLVE(message_get_request_headers)
  RESOLVE(message_get_response_headers)
  RESOLVE(message_get_status)
  RESOLVE(message_set_request_body_from_bytes)
  RESOLVE(message_headers_replace)
  RESOLVE(message_headers_get_one)
  RESOLVE(message_headers_get_encoding)
  RESOLVE(message_headers_get_content_length)
  loaded = TRUE;
  return &table;

missing:
  *error = dlerror();
  /* Kept loaded: unloading a library that registered GTypes is not safe. */
  return NULL;
}

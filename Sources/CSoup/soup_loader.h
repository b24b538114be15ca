#ifndef CODEGATE_SOUP_LOADER_H
#define CODEGATE_SOUP_LOADER_H

/* The few libsoup 3 functions the HTTP client calls, resolved from libsoup-3.0.so.0 when the
   client is first used: the app links no libsoup, so a start on the embedded gateway maps
   neither libsoup nor what it brings (nghttp2, Kerberos, brotli, psl). Compiled against
   libsoup's headers for the types only. Main thread only. Declared here, in CSoup, and
   implemented by the CSoupLoader target. */
#include <libsoup/soup.h>

/* libsoup's own functions of the same names, each non-null once loaded. */
typedef struct {
  SoupSession *_Nonnull (*_Nonnull session_new)(void);
  void (*_Nonnull session_set_user_agent)(SoupSession *_Nonnull session, const char *_Nullable user_agent);
  void (*_Nonnull session_remove_feature_by_type)(SoupSession *_Nonnull session, GType feature_type);
  void (*_Nonnull session_abort)(SoupSession *_Nonnull session);
  void (*_Nonnull session_send_async)(SoupSession *_Nonnull session, SoupMessage *_Nonnull message, int priority,
                                      GCancellable *_Nullable cancellable, GAsyncReadyCallback _Nullable callback,
                                      gpointer _Nullable user_data);
  GInputStream *_Nullable (*_Nonnull session_send_finish)(SoupSession *_Nonnull session, GAsyncResult *_Nullable result,
                                                          GError *_Nullable *_Nullable error);
  GType (*_Nonnull content_decoder_get_type)(void);
  SoupMessage *_Nullable (*_Nonnull message_new_from_uri)(const char *_Nonnull method, GUri *_Nonnull uri);
  void (*_Nonnull message_add_flags)(SoupMessage *_Nonnull message, SoupMessageFlags flags);
  SoupMessageHeaders *_Nonnull (*_Nonnull message_get_request_headers)(SoupMessage *_Nonnull message);
  SoupMessageHeaders *_Nonnull (*_Nonnull message_get_response_headers)(SoupMessage *_Nonnull message);
  SoupStatus (*_Nonnull message_get_status)(SoupMessage *_Nonnull message);
  void (*_Nonnull message_set_request_body_from_bytes)(SoupMessage *_Nonnull message, const char *_Nullable content_type,
                                                       GBytes *_Nullable bytes);
  void (*_Nonnull message_headers_replace)(SoupMessageHeaders *_Nonnull headers, const char *_Nonnull name,
                                           const char *_Nonnull value);
  const char *_Nullable (*_Nonnull message_headers_get_one)(SoupMessageHeaders *_Nonnull headers, const char *_Nonnull name);
  SoupEncoding (*_Nonnull message_headers_get_encoding)(SoupMessageHeaders *_Nonnull headers);
  goffset (*_Nonnull message_headers_get_content_length)(SoupMessageHeaders *_Nonnull headers);
} CGSoup;

/* Loads `library` (a soname, "libsoup-3.0.so.0") and resolves the table; later calls return
   the same table whatever they name. NULL when it cannot be loaded or lacks a function, with
   `*error` set to why (dlerror's words, static: not to be freed). */
const CGSoup *_Nullable cg_soup_load(const char *_Nonnull library, const char *_Nullable *_Nonnull error);

#endif

#ifndef KV_KV_H
#define KV_KV_H

#include <stddef.h>

#include "strbuf.h"

/* An in-memory string-to-string map with separate chaining. */
typedef struct kvstore kvstore;

kvstore *kv_create(size_t nbuckets);
void kv_destroy(kvstore *kv);
void kv_clear(kvstore *kv);
int kv_set(kvstore *kv, const char *key, const char *value);
const char *kv_get(const kvstore *kv, const char *key);
int kv_has(const kvstore *kv, const char *key);
int kv_delete(kvstore *kv, const char *key);
size_t kv_count(const kvstore *kv);
size_t kv_bucket_count(const kvstore *kv);
double kv_load_factor(const kvstore *kv);
int kv_incr(kvstore *kv, const char *key, long delta, long *result);
int kv_append(kvstore *kv, const char *key, const char *suffix);
size_t kv_keys(const kvstore *kv, const char **out, size_t max);
size_t kv_prefix_count(const kvstore *kv, const char *prefix);
int kv_dump(const kvstore *kv, strbuf *out);

#endif

#include "kv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"

#define KV_MIN_BUCKETS 8
#define KV_MAX_LOAD 0.75

typedef struct kv_entry {
    char *key;
    char *value;
    struct kv_entry *next;
} kv_entry;

struct kvstore {
    kv_entry **buckets;
    size_t nbuckets;
    size_t count;
};

/* Copies a NUL-terminated string onto the heap; returns NULL when memory
 * runs out. */
static char *kv_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n);
    if (copy != NULL)
        memcpy(copy, s, n);
    return copy;
}

/* Frees one entry together with its key and value strings. */
static void kv_free_entry(kv_entry *e)
{
    free(e->key);
    free(e->value);
    free(e);
}

/* Finds the link that points at the entry for key, or at the NULL end of
 * the key's chain when the key is absent, so callers can insert or unlink. */
static kv_entry **kv_slot(const kvstore *kv, const char *key)
{
    size_t b = hash_bucket(hash_string(key), kv->nbuckets);
    kv_entry **link = &kv->buckets[b];
    while (*link != NULL && strcmp((*link)->key, key) != 0)
        link = &(*link)->next;
    return link;
}

/* Creates an empty store with at least nbuckets buckets, rounded up to a
 * power of two and never fewer than 8. Returns NULL when memory runs out. */
kvstore *kv_create(size_t nbuckets)
{
    kvstore *kv = malloc(sizeof *kv);
    if (kv == NULL)
        return NULL;
    kv->nbuckets = hash_next_pow2(nbuckets < KV_MIN_BUCKETS ? KV_MIN_BUCKETS : nbuckets);
    kv->buckets = calloc(kv->nbuckets, sizeof *kv->buckets);
    kv->count = 0;
    if (kv->buckets == NULL) {
        free(kv);
        return NULL;
    }
    return kv;
}

/* Removes every entry but keeps the bucket array, so the store stays usable. */
void kv_clear(kvstore *kv)
{
    for (size_t b = 0; b < kv->nbuckets; b++) {
        kv_entry *e = kv->buckets[b];
        while (e != NULL) {
            kv_entry *next = e->next;
            kv_free_entry(e);
            e = next;
        }
        kv->buckets[b] = NULL;
    }
    kv->count = 0;
}

/* Frees the store and every entry in it; a NULL store is ignored. */
void kv_destroy(kvstore *kv)
{
    if (kv == NULL)
        return;
    kv_clear(kv);
    free(kv->buckets);
    free(kv);
}

/* Moves every entry into a new bucket array of nbuckets chains, keeping the
 * entries themselves. Returns 0 on success and -1 when memory runs out. */
static int kv_resize(kvstore *kv, size_t nbuckets)
{
    kv_entry **buckets = calloc(nbuckets, sizeof *buckets);
    if (buckets == NULL)
        return -1;
    for (size_t b = 0; b < kv->nbuckets; b++) {
        for (kv_entry *e = kv->buckets[b], *next; e != NULL; e = next) {
            next = e->next;
            size_t nb = hash_bucket(hash_string(e->key), nbuckets);
            e->next = buckets[nb];
            buckets[nb] = e;
        }
    }
    free(kv->buckets);
    kv->buckets = buckets;
    kv->nbuckets = nbuckets;
    return 0;
}

/* Returns the number of entries per bucket. */
double kv_load_factor(const kvstore *kv)
{
    return (double)kv->count / (double)kv->nbuckets;
}

/* Stores a copy of value under key, replacing any previous value. Doubles
 * the bucket count when the load factor passes 0.75. Returns 0 on success
 * and -1 when memory runs out. */
int kv_set(kvstore *kv, const char *key, const char *value)
{
    char *copy = kv_strdup(value);
    if (copy == NULL)
        return -1;
    kv_entry **link = kv_slot(kv, key);
    if (*link != NULL) {
        free((*link)->value);
        (*link)->value = copy;
        return 0;
    }
    kv_entry *e = malloc(sizeof *e);
    if (e == NULL || (e->key = kv_strdup(key)) == NULL) {
        free(e);
        free(copy);
        return -1;
    }
    e->value = copy;
    e->next = NULL;
    *link = e;
    kv->count++;
    if (kv_load_factor(kv) > KV_MAX_LOAD)
        return kv_resize(kv, kv->nbuckets * 2);
    return 0;
}

/* Returns the value stored under key, or NULL when the key is absent. The
 * string stays owned by the store until the key is set again or deleted. */
const char *kv_get(const kvstore *kv, const char *key)
{
    kv_entry *e = *kv_slot(kv, key);
    return e != NULL ? e->value : NULL;
}

/* Tells whether key is present in the store. */
int kv_has(const kvstore *kv, const char *key)
{
    return kv_get(kv, key) != NULL;
}

/* Removes key and its value. Returns 1 when the key was present and 0 when
 * there was nothing to remove. */
int kv_delete(kvstore *kv, const char *key)
{
    kv_entry **link = kv_slot(kv, key);
    kv_entry *e = *link;
    if (e == NULL)
        return 0;
    *link = e->next;
    kv_free_entry(e);
    kv->count--;
    return 1;
}

/* Returns the number of keys in the store. */
size_t kv_count(const kvstore *kv)
{
    return kv->count;
}

/* Returns the current number of hash buckets, always a power of two. */
size_t kv_bucket_count(const kvstore *kv)
{
    return kv->nbuckets;
}

/* Adds delta to the integer stored under key (a missing key counts as 0)
 * and stores the sum back as decimal text. Returns 0 on success and -1 when
 * the current value is not an integer; *result receives the new value. */
int kv_incr(kvstore *kv, const char *key, long delta, long *result)
{
    const char *current = kv_get(kv, key);
    long value = 0;
    if (current != NULL) {
        char *end;
        errno = 0;
        value = strtol(current, &end, 10);
        if (errno != 0 || end == current || *end != '\0')
            return -1;
    }
    char text[32];
    snprintf(text, sizeof text, "%ld", value + delta);
    *result = value + delta;
    return kv_set(kv, key, text);
}

/* Appends suffix to the value under key, creating the key when it is
 * missing. Returns 0 on success and -1 when memory runs out. */
int kv_append(kvstore *kv, const char *key, const char *suffix)
{
    strbuf sb;
    sb_init(&sb);
    const char *current = kv_get(kv, key);
    int rc = sb_append(&sb, current != NULL ? current : "");
    if (rc == 0)
        rc = sb_append(&sb, suffix);
    if (rc == 0)
        rc = kv_set(kv, key, sb_str(&sb));
    sb_free(&sb);
    return rc;
}

/* qsort comparator that orders an array of C strings alphabetically. */
static int kv_compare_keys(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Writes up to max keys into out in alphabetical order and returns how many
 * were written. The strings stay owned by the store. */
size_t kv_keys(const kvstore *kv, const char **out, size_t max)
{
    size_t n = 0;
    for (size_t b = 0; b < kv->nbuckets; b++)
        for (kv_entry *e = kv->buckets[b]; e != NULL && n < max; e = e->next)
            out[n++] = e->key;
    qsort(out, n, sizeof *out, kv_compare_keys);
    return n;
}

/* Counts the keys that start with prefix; an empty prefix counts all keys. */
size_t kv_prefix_count(const kvstore *kv, const char *prefix)
{
    size_t n = 0;
    size_t plen = strlen(prefix);
    for (size_t b = 0; b < kv->nbuckets; b++)
        for (kv_entry *e = kv->buckets[b]; e != NULL; e = e->next)
            if (strncmp(e->key, prefix, plen) == 0)
                n++;
    return n;
}

/* Appends every entry to out as "key=value" lines sorted by key. Returns 0
 * on success and -1 when memory runs out. */
int kv_dump(const kvstore *kv, strbuf *out)
{
    const char **keys = malloc((kv->count + 1) * sizeof *keys);
    if (keys == NULL)
        return -1;
    size_t n = kv_keys(kv, keys, kv->count);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = sb_appendf(out, "%s=%s\n", keys[i], kv_get(kv, keys[i]));
    free(keys);
    return rc;
}

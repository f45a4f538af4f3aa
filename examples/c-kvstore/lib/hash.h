#ifndef KV_HASH_H
#define KV_HASH_H

#include <stddef.h>
#include <stdint.h>

uint32_t hash_fnv1a(const char *data, size_t len);
uint32_t hash_string(const char *s);
uint32_t hash_combine(uint32_t seed, uint32_t value);
size_t hash_bucket(uint32_t hash, size_t nbuckets);
size_t hash_next_pow2(size_t n);
int hash_is_pow2(size_t n);

#endif

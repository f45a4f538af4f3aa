#include "hash.h"

#include <string.h>

#define FNV_OFFSET_BASIS 2166136261u
#define FNV_PRIME 16777619u

/* Computes the 32-bit FNV-1a hash of len bytes starting at data.
 * Each byte is xor-ed into the state before multiplying by the FNV prime. */
uint32_t hash_fnv1a(const char *data, size_t len)
{
    uint32_t h = FNV_OFFSET_BASIS;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)data[i];
        h *= FNV_PRIME;
    }
    return h;
}

/* Hashes a NUL-terminated string with FNV-1a; the terminator is not hashed. */
uint32_t hash_string(const char *s)
{
    return hash_fnv1a(s, strlen(s));
}

/* Mixes value into seed so that hashes of several fields can be combined
 * into one; the order of combination matters. */
uint32_t hash_combine(uint32_t seed, uint32_t value)
{
    seed ^= value + 0x9e3779b9u + (seed << 6) + (seed >> 2);
    return seed;
}

/* Tells whether n is a power of two; zero is not a power of two. */
int hash_is_pow2(size_t n)
{
    return n != 0 && (n & (n - 1)) == 0;
}

/* Maps a hash to a bucket index in [0, nbuckets). nbuckets must be a power
 * of two, so the mapping is a mask of the low bits. */
size_t hash_bucket(uint32_t hash, size_t nbuckets)
{
    if (!hash_is_pow2(nbuckets))
        return hash % nbuckets;
    return hash & (nbuckets - 1);
}

/* Rounds n up to the next power of two; values of 0 and 1 give 1. */
size_t hash_next_pow2(size_t n)
{
    size_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

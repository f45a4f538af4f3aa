#include "check.h"
#include "hash.h"

static void test_fnv1a_known_values(void)
{
    CHECK(hash_fnv1a("", 0) == 2166136261u);
    CHECK(hash_fnv1a("a", 1) == 0xe40c292cu);
    CHECK(hash_fnv1a("foobar", 6) == 0xbf9cf968u);
    CHECK(hash_string("foobar") == 0xbf9cf968u);
    CHECK(hash_fnv1a("ab", 1) == hash_string("a"));
}

static void test_combine_is_order_sensitive(void)
{
    CHECK(hash_combine(0, 0) == 0x9e3779b9u);
    CHECK(hash_combine(1, 2) == 0x9e3779fau);
    CHECK(hash_combine(1, 2) != hash_combine(2, 1));
}

static void test_pow2_helpers(void)
{
    CHECK(!hash_is_pow2(0));
    CHECK(hash_is_pow2(1));
    CHECK(hash_is_pow2(64));
    CHECK(!hash_is_pow2(96));
    CHECK(hash_next_pow2(0) == 1);
    CHECK(hash_next_pow2(5) == 8);
    CHECK(hash_next_pow2(16) == 16);
    CHECK(hash_next_pow2(17) == 32);
}

static void test_bucket(void)
{
    CHECK(hash_bucket(0x12345u, 16) == 0x5u);
    CHECK(hash_bucket(0xffffffffu, 8) == 7);
    CHECK(hash_bucket(100, 12) == 4);
}

int main(void)
{
    test_fnv1a_known_values();
    test_combine_is_order_sensitive();
    test_pow2_helpers();
    test_bucket();
    return check_report("test_hash");
}

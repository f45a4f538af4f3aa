#include <stdio.h>

#include "check.h"
#include "kv.h"

static void test_set_get_replace(void)
{
    kvstore *kv = kv_create(4);
    CHECK(kv_bucket_count(kv) == 8);
    CHECK(kv_get(kv, "missing") == NULL);
    CHECK(kv_set(kv, "name", "ada") == 0);
    CHECK(kv_set(kv, "lang", "c") == 0);
    CHECK_STR(kv_get(kv, "name"), "ada");
    CHECK(kv_set(kv, "name", "grace") == 0);
    CHECK_STR(kv_get(kv, "name"), "grace");
    CHECK(kv_count(kv) == 2);
    CHECK(kv_has(kv, "lang"));
    CHECK(!kv_has(kv, "missing"));
    kv_destroy(kv);
}

static void test_delete(void)
{
    kvstore *kv = kv_create(8);
    kv_set(kv, "a", "1");
    kv_set(kv, "b", "2");
    CHECK(kv_delete(kv, "a") == 1);
    CHECK(kv_delete(kv, "a") == 0);
    CHECK(kv_get(kv, "a") == NULL);
    CHECK_STR(kv_get(kv, "b"), "2");
    CHECK(kv_count(kv) == 1);
    kv_destroy(kv);
}

static void test_growth_keeps_entries(void)
{
    kvstore *kv = kv_create(8);
    char key[16], value[16];
    for (int i = 0; i < 100; i++) {
        snprintf(key, sizeof key, "key%d", i);
        snprintf(value, sizeof value, "v%d", i * i);
        kv_set(kv, key, value);
    }
    CHECK(kv_count(kv) == 100);
    CHECK(kv_bucket_count(kv) == 256);
    CHECK(kv_load_factor(kv) == 100.0 / 256.0);
    CHECK_STR(kv_get(kv, "key7"), "v49");
    CHECK_STR(kv_get(kv, "key99"), "v9801");
    CHECK(kv_prefix_count(kv, "key9") == 11);
    CHECK(kv_prefix_count(kv, "") == 100);
    kv_clear(kv);
    CHECK(kv_count(kv) == 0);
    CHECK(kv_get(kv, "key7") == NULL);
    CHECK(kv_bucket_count(kv) == 256);
    CHECK(kv_set(kv, "key7", "again") == 0);
    CHECK_STR(kv_get(kv, "key7"), "again");
    CHECK(kv_count(kv) == 1);
    kv_destroy(kv);
}

static void test_incr_and_append(void)
{
    kvstore *kv = kv_create(8);
    long result = 0;
    CHECK(kv_incr(kv, "hits", 5, &result) == 0);
    CHECK(result == 5);
    CHECK(kv_incr(kv, "hits", -7, &result) == 0);
    CHECK(result == -2);
    CHECK_STR(kv_get(kv, "hits"), "-2");
    kv_set(kv, "word", "12x");
    CHECK(kv_incr(kv, "word", 1, &result) == -1);
    CHECK_STR(kv_get(kv, "word"), "12x");
    CHECK(kv_append(kv, "word", "yz") == 0);
    CHECK_STR(kv_get(kv, "word"), "12xyz");
    CHECK(kv_append(kv, "fresh", "new") == 0);
    CHECK_STR(kv_get(kv, "fresh"), "new");
    kv_destroy(kv);
}

static void test_keys_and_dump(void)
{
    kvstore *kv = kv_create(8);
    kv_set(kv, "pear", "3");
    kv_set(kv, "apple", "1");
    kv_set(kv, "fig", "2");
    const char *keys[4];
    CHECK(kv_keys(kv, keys, 4) == 3);
    CHECK_STR(keys[0], "apple");
    CHECK_STR(keys[1], "fig");
    CHECK_STR(keys[2], "pear");
    strbuf out;
    sb_init(&out);
    CHECK(kv_dump(kv, &out) == 0);
    CHECK_STR(sb_str(&out), "apple=1\nfig=2\npear=3\n");
    sb_free(&out);
    kv_destroy(kv);
}

int main(void)
{
    test_set_get_replace();
    test_delete();
    test_growth_keeps_entries();
    test_incr_and_append();
    test_keys_and_dump();
    return check_report("test_kv");
}

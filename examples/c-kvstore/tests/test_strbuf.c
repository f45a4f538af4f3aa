#include <stdlib.h>

#include "check.h"
#include "strbuf.h"

static void test_empty_buffer(void)
{
    strbuf sb;
    sb_init(&sb);
    CHECK(sb.len == 0);
    CHECK(sb.cap == 0);
    CHECK_STR(sb_str(&sb), "");
    CHECK(sb_equals(&sb, ""));
    sb_free(&sb);
}

static void test_append_and_grow(void)
{
    strbuf sb;
    sb_init(&sb);
    CHECK(sb_append(&sb, "hello") == 0);
    CHECK(sb_append_char(&sb, ',') == 0);
    CHECK(sb_append_len(&sb, " worldwide", 6) == 0);
    CHECK_STR(sb_str(&sb), "hello, world");
    CHECK(sb.len == 12);
    CHECK(sb.cap == 16);
    CHECK(sb_append(&sb, " and more text") == 0);
    CHECK(sb.len == 26);
    CHECK(sb.cap == 32);
    CHECK(sb_reserve(&sb, 100) == 0);
    CHECK(sb.cap == 128);
    sb_free(&sb);
    CHECK(sb.data == NULL);
}

static void test_appendf(void)
{
    strbuf sb;
    sb_init(&sb);
    CHECK(sb_appendf(&sb, "%s=%d", "n", 42) == 0);
    CHECK(sb_appendf(&sb, ";%05.1f", 2.5) == 0);
    CHECK_STR(sb_str(&sb), "n=42;002.5");
    CHECK(sb.len == 10);
    sb_free(&sb);
}

static void test_clear_trim_equals(void)
{
    strbuf sb;
    sb_init(&sb);
    sb_append(&sb, " \t padded text \n");
    sb_trim(&sb);
    CHECK_STR(sb_str(&sb), "padded text");
    CHECK(sb.len == 11);
    CHECK(sb_equals(&sb, "padded text"));
    CHECK(!sb_equals(&sb, "padded"));
    sb_clear(&sb);
    CHECK(sb.len == 0);
    CHECK_STR(sb_str(&sb), "");
    sb_append(&sb, "   ");
    sb_trim(&sb);
    CHECK(sb.len == 0);
    sb_free(&sb);
}

static void test_detach(void)
{
    strbuf sb;
    sb_init(&sb);
    sb_append(&sb, "owned");
    char *s = sb_detach(&sb);
    CHECK_STR(s, "owned");
    CHECK(sb.data == NULL && sb.len == 0);
    free(s);
    char *empty = sb_detach(&sb);
    CHECK_STR(empty, "");
    free(empty);
}

int main(void)
{
    test_empty_buffer();
    test_append_and_grow();
    test_appendf();
    test_clear_trim_equals();
    test_detach();
    return check_report("test_strbuf");
}

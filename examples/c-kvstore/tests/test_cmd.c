#include "check.h"
#include "cmd.h"

/* Runs one command line on kv and returns its reply text. */
static const char *run(kvstore *kv, strbuf *out, const char *line, enum cmd_status expected)
{
    sb_clear(out);
    enum cmd_status status = cmd_exec(kv, line, out);
    CHECK(status == expected);
    return sb_str(out);
}

static void test_split(void)
{
    char line[] = "  SET\tkey  value ";
    char *argv[4];
    CHECK(cmd_split(line, argv, 4) == 3);
    CHECK_STR(argv[0], "SET");
    CHECK_STR(argv[1], "key");
    CHECK_STR(argv[2], "value");
    char many[] = "a b c d e";
    CHECK(cmd_split(many, argv, 2) == 5);
    CHECK_STR(argv[1], "b");
    CHECK(cmd_name_equals("get", "GET"));
    CHECK(cmd_name_equals("Dump", "DUMP"));
    CHECK(!cmd_name_equals("GETX", "GET"));
    CHECK(!cmd_name_equals("GE", "GET"));
}

static void test_session(void)
{
    kvstore *kv = kv_create(8);
    strbuf out;
    sb_init(&out);
    CHECK_STR(run(kv, &out, "set color blue", CMD_OK), "OK\n");
    CHECK_STR(run(kv, &out, "GET color", CMD_OK), "blue\n");
    CHECK_STR(run(kv, &out, "GET shade", CMD_OK), "(nil)\n");
    CHECK_STR(run(kv, &out, "INCR n 4", CMD_OK), "4\n");
    CHECK_STR(run(kv, &out, "incr n 10", CMD_OK), "14\n");
    CHECK_STR(run(kv, &out, "INCR color 1", CMD_ERROR), "ERR value is not an integer\n");
    CHECK_STR(run(kv, &out, "INCR n lots", CMD_ERROR), "ERR delta is not an integer\n");
    CHECK_STR(run(kv, &out, "APPEND color ish", CMD_OK), "7\n");
    CHECK_STR(run(kv, &out, "COUNT", CMD_OK), "2\n");
    CHECK_STR(run(kv, &out, "COUNT co", CMD_OK), "1\n");
    CHECK_STR(run(kv, &out, "DUMP", CMD_OK), "color=blueish\nn=14\n");
    CHECK_STR(run(kv, &out, "DEL n", CMD_OK), "1\n");
    CHECK_STR(run(kv, &out, "DEL n", CMD_OK), "0\n");
    CHECK_STR(run(kv, &out, "   ", CMD_OK), "");
    CHECK_STR(run(kv, &out, "FLY away", CMD_ERROR), "ERR unknown command\n");
    CHECK_STR(run(kv, &out, "GET", CMD_ERROR), "ERR wrong number of arguments\n");
    CHECK_STR(run(kv, &out, "QUIT", CMD_QUIT), "BYE\n");
    sb_free(&out);
    kv_destroy(kv);
}

int main(void)
{
    test_split();
    test_session();
    return check_report("test_cmd");
}

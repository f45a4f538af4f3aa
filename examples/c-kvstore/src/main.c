#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "kv.h"
#include "strbuf.h"

/* Reads commands from stdin, one per line, and prints each reply to stdout.
 * Exits with status 1 when any command failed, so scripts can detect it. */
int main(void)
{
    kvstore *kv = kv_create(16);
    if (kv == NULL) {
        fputs("kvcli: out of memory\n", stderr);
        return 2;
    }
    char line[1024];
    strbuf reply;
    sb_init(&reply);
    int failed = 0;
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\r\n")] = '\0';
        sb_clear(&reply);
        enum cmd_status status = cmd_exec(kv, line, &reply);
        fputs(sb_str(&reply), stdout);
        failed |= status == CMD_ERROR;
        if (status == CMD_QUIT)
            break;
    }
    sb_free(&reply);
    kv_destroy(kv);
    return failed;
}

#ifndef KV_CMD_H
#define KV_CMD_H

#include "kv.h"
#include "strbuf.h"

#define CMD_MAX_ARGS 8

/* Result of executing one command line. */
enum cmd_status {
    CMD_OK = 0,
    CMD_ERROR = 1,
    CMD_QUIT = 2
};

int cmd_split(char *line, char **argv, int max);
int cmd_name_equals(const char *name, const char *expected);
enum cmd_status cmd_exec(kvstore *kv, const char *line, strbuf *out);

#endif

#include "cmd.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef enum cmd_status (*cmd_handler)(kvstore *kv, int argc, char **argv, strbuf *out);

struct cmd_spec {
    const char *name;
    int argc;
    cmd_handler run;
};

/* Splits line in place at runs of spaces and tabs, storing up to max word
 * pointers in argv. Returns the number of words found, which may exceed
 * max when the line has too many words. */
int cmd_split(char *line, char **argv, int max)
{
    int argc = 0;
    char *p = line;
    while (*p != '\0') {
        while (*p == ' ' || *p == '\t')
            *p++ = '\0';
        if (*p == '\0')
            break;
        if (argc < max)
            argv[argc] = p;
        argc++;
        while (*p != '\0' && *p != ' ' && *p != '\t')
            p++;
    }
    return argc;
}

/* Compares a command name with an upper-case keyword, ignoring the case of
 * the name. Returns 1 when they match. */
int cmd_name_equals(const char *name, const char *expected)
{
    while (*name != '\0' && toupper((unsigned char)*name) == *expected) {
        name++;
        expected++;
    }
    return *name == '\0' && *expected == '\0';
}

/* Writes an error reply of the form "ERR message" and reports failure. */
static enum cmd_status cmd_error(strbuf *out, const char *message)
{
    sb_appendf(out, "ERR %s\n", message);
    return CMD_ERROR;
}

/* SET key value: stores the value and replies OK. */
static enum cmd_status cmd_set(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)argc;
    if (kv_set(kv, argv[1], argv[2]) != 0)
        return cmd_error(out, "out of memory");
    sb_append(out, "OK\n");
    return CMD_OK;
}

/* GET key: replies with the stored value, or (nil) for a missing key. */
static enum cmd_status cmd_get(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)argc;
    const char *value = kv_get(kv, argv[1]);
    sb_appendf(out, "%s\n", value != NULL ? value : "(nil)");
    return CMD_OK;
}

/* DEL key: removes the key and replies with 1 if it existed, else 0. */
static enum cmd_status cmd_del(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)argc;
    sb_appendf(out, "%d\n", kv_delete(kv, argv[1]));
    return CMD_OK;
}

/* INCR key delta: adds an integer delta and replies with the new value. */
static enum cmd_status cmd_incr(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)argc;
    char *end;
    long delta = strtol(argv[2], &end, 10);
    long result;
    if (end == argv[2] || *end != '\0')
        return cmd_error(out, "delta is not an integer");
    if (kv_incr(kv, argv[1], delta, &result) != 0)
        return cmd_error(out, "value is not an integer");
    sb_appendf(out, "%ld\n", result);
    return CMD_OK;
}

/* APPEND key suffix: extends the stored value and replies with its length. */
static enum cmd_status cmd_append(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)argc;
    if (kv_append(kv, argv[1], argv[2]) != 0)
        return cmd_error(out, "out of memory");
    sb_appendf(out, "%zu\n", strlen(kv_get(kv, argv[1])));
    return CMD_OK;
}

/* COUNT [prefix]: replies with the number of keys, optionally only those
 * starting with prefix. */
static enum cmd_status cmd_count(kvstore *kv, int argc, char **argv, strbuf *out)
{
    const char *prefix = argc > 1 ? argv[1] : "";
    sb_appendf(out, "%zu\n", kv_prefix_count(kv, prefix));
    return CMD_OK;
}

/* DUMP: replies with every entry as sorted key=value lines. */
static enum cmd_status cmd_dump(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)argc;
    (void)argv;
    return kv_dump(kv, out) == 0 ? CMD_OK : cmd_error(out, "out of memory");
}

/* QUIT: asks the caller to stop reading commands. */
static enum cmd_status cmd_quit(kvstore *kv, int argc, char **argv, strbuf *out)
{
    (void)kv;
    (void)argc;
    (void)argv;
    sb_append(out, "BYE\n");
    return CMD_QUIT;
}

/* Command table; argc is the exact word count, or -2 for "1 or 2 words". */
static const struct cmd_spec commands[] = {
    {"SET", 3, cmd_set},       {"GET", 2, cmd_get},     {"DEL", 2, cmd_del},
    {"INCR", 3, cmd_incr},     {"APPEND", 3, cmd_append}, {"COUNT", -2, cmd_count},
    {"DUMP", 1, cmd_dump},     {"QUIT", 1, cmd_quit},
};

/* Tells whether argc words fit the word count that a command expects. */
static int cmd_arity_ok(const struct cmd_spec *spec, int argc)
{
    if (spec->argc == -2)
        return argc == 1 || argc == 2;
    return argc == spec->argc;
}

/* Looks up a command by name, ignoring case. Returns NULL when there is no
 * command of that name. */
static const struct cmd_spec *cmd_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (cmd_name_equals(name, commands[i].name))
            return &commands[i];
    return NULL;
}

/* Parses and runs one command line against the store, appending the reply
 * to out. Blank lines produce no reply and count as success. */
enum cmd_status cmd_exec(kvstore *kv, const char *line, strbuf *out)
{
    strbuf copy;
    sb_init(&copy);
    sb_append(&copy, line);
    sb_trim(&copy);
    char *argv[CMD_MAX_ARGS];
    int argc = copy.len > 0 ? cmd_split(copy.data, argv, CMD_MAX_ARGS) : 0;
    const struct cmd_spec *spec = argc > 0 ? cmd_find(argv[0]) : NULL;
    enum cmd_status status = CMD_OK;
    if (argc > 0 && spec == NULL)
        status = cmd_error(out, "unknown command");
    else if (spec != NULL && !cmd_arity_ok(spec, argc))
        status = cmd_error(out, "wrong number of arguments");
    else if (spec != NULL)
        status = spec->run(kv, argc, argv, out);
    sb_free(&copy);
    return status;
}

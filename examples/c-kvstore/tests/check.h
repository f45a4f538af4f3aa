#ifndef KV_CHECK_H
#define KV_CHECK_H

#include <stdio.h>
#include <string.h>

/* A minimal assertion helper: each test program includes this once. */
static int checks_run;
static int checks_failed;

#define CHECK(cond)                                                                 \
    do {                                                                            \
        checks_run++;                                                               \
        if (!(cond)) {                                                              \
            checks_failed++;                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                           \
    } while (0)

#define CHECK_STR(actual, expected)                                                  \
    do {                                                                             \
        const char *a_ = (actual);                                                   \
        const char *e_ = (expected);                                                 \
        checks_run++;                                                                \
        if (a_ == NULL || strcmp(a_, e_) != 0) {                                     \
            checks_failed++;                                                         \
            fprintf(stderr, "%s:%d: expected \"%s\", got \"%s\"\n", __FILE__, __LINE__, \
                    e_, a_ != NULL ? a_ : "(null)");                                 \
        }                                                                            \
    } while (0)

/* Prints a one-line summary and returns the process exit status. */
static int check_report(const char *suite)
{
    if (checks_failed > 0) {
        fprintf(stderr, "%s: %d of %d checks FAILED\n", suite, checks_failed, checks_run);
        return 1;
    }
    printf("%s: %d checks passed\n", suite, checks_run);
    return 0;
}

#endif

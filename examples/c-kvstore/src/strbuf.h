#ifndef KV_STRBUF_H
#define KV_STRBUF_H

#include <stddef.h>

/* A growable, always NUL-terminated string. */
typedef struct strbuf {
    char *data;
    size_t len;
    size_t cap;
} strbuf;

void sb_init(strbuf *sb);
int sb_reserve(strbuf *sb, size_t extra);
int sb_append_len(strbuf *sb, const char *s, size_t n);
int sb_append(strbuf *sb, const char *s);
int sb_append_char(strbuf *sb, char c);
int sb_appendf(strbuf *sb, const char *fmt, ...);
const char *sb_str(const strbuf *sb);
void sb_clear(strbuf *sb);
void sb_trim(strbuf *sb);
int sb_equals(const strbuf *sb, const char *s);
char *sb_detach(strbuf *sb);
void sb_free(strbuf *sb);

#endif

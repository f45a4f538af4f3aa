#include "strbuf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"

/* Initialises an empty buffer that owns no memory yet. */
void sb_init(strbuf *sb)
{
    sb->data = NULL;
    sb->len = 0;
    sb->cap = 0;
}

/* Makes room for extra more bytes plus the terminator, growing the capacity
 * to a power of two. Returns 0 on success and -1 when memory runs out. */
int sb_reserve(strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return 0;
    size_t cap = hash_next_pow2(need < 16 ? 16 : need);
    char *data = realloc(sb->data, cap);
    if (data == NULL)
        return -1;
    sb->data = data;
    sb->cap = cap;
    return 0;
}

/* Appends the first n bytes of s and keeps the buffer NUL-terminated.
 * Returns 0 on success and -1 when memory runs out. */
int sb_append_len(strbuf *sb, const char *s, size_t n)
{
    if (sb_reserve(sb, n) != 0)
        return -1;
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
    return 0;
}

/* Appends a whole NUL-terminated string to the buffer. */
int sb_append(strbuf *sb, const char *s)
{
    return sb_append_len(sb, s, strlen(s));
}

/* Appends a single character to the buffer. */
int sb_append_char(strbuf *sb, char c)
{
    return sb_append_len(sb, &c, 1);
}

/* Appends printf-style formatted text. The text is measured first with
 * vsnprintf, then written in place once enough room is reserved. */
int sb_appendf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || sb_reserve(sb, (size_t)n) != 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
    return 0;
}

/* Returns the contents as a C string; an empty buffer gives "". */
const char *sb_str(const strbuf *sb)
{
    return sb->data != NULL ? sb->data : "";
}

/* Empties the buffer but keeps its memory for reuse. */
void sb_clear(strbuf *sb)
{
    sb->len = 0;
    if (sb->data != NULL)
        sb->data[0] = '\0';
}

/* Removes leading and trailing whitespace in place. */
void sb_trim(strbuf *sb)
{
    size_t start = 0;
    while (start < sb->len && isspace((unsigned char)sb->data[start]))
        start++;
    size_t end = sb->len;
    while (end > start && isspace((unsigned char)sb->data[end - 1]))
        end--;
    if (sb->data == NULL)
        return;
    memmove(sb->data, sb->data + start, end - start);
    sb->len = end - start;
    sb->data[sb->len] = '\0';
}

/* Tells whether the buffer holds exactly the string s. */
int sb_equals(const strbuf *sb, const char *s)
{
    return strcmp(sb_str(sb), s) == 0;
}

/* Hands the heap string over to the caller, who must free it, and leaves
 * the buffer empty. Never returns NULL unless memory runs out. */
char *sb_detach(strbuf *sb)
{
    if (sb->data == NULL) {
        if (sb_reserve(sb, 0) != 0)
            return NULL;
        sb->data[0] = '\0';
    }
    char *data = sb->data;
    sb_init(sb);
    return data;
}

/* Releases the buffer's memory and leaves it empty and reusable. */
void sb_free(strbuf *sb)
{
    free(sb->data);
    sb_init(sb);
}

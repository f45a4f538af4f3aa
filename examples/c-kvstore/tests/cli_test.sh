#!/bin/sh
# End-to-end check of the kvcli binary: feeds a script on stdin and compares the replies.
cli="$1"
expected='OK
OK
2
a=1
b=2
ERR unknown command
BYE'
actual=$(printf 'SET a 1\nSET b 2\nCOUNT\nDUMP\nNOPE\nQUIT\nGET a\n' | "$cli")
status=$?
if [ "$actual" != "$expected" ]; then
    echo "cli_test: unexpected output:" >&2
    echo "$actual" >&2
    exit 1
fi
if [ "$status" -ne 1 ]; then
    echo "cli_test: expected exit status 1 after a failed command, got $status" >&2
    exit 1
fi
echo "cli_test: passed"

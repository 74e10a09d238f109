#!/bin/sh
# A program that answers UCI with nonsense: text, bytes that are not UTF-8, an endless line
# (tests/engine_faults.rs).
read -r line
echo "Welcome to SuperChess 3000! Type HELP for help."
printf 'ready\377\376 \001\002\n'
i=0
while [ $i -lt 200 ]; do echo "error: unknown command '$line'"; i=$((i + 1)); done
head -c 200000 /dev/zero | tr '\0' 'x'
echo
exec sleep 30

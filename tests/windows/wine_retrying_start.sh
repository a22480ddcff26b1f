#!/bin/sh
# wine_retrying_start.sh WINE PROGRAM [ARGUMENTS...]
# Runs a Windows program under wine: ctest's emulator for the .exe files (mingw-w64-x86_64.cmake)
# and .ci/run's `wineboot --init`.
#
# Why it may start the program again: wine exits with status 53 when its own loader fails before
# the program's first instruction (kernel32.dll does not initialize: "could not load kernel32.dll,
# status c0000135"). CI's Windows step once ended in 53 after the build and before ctest, that is
# at `wineboot --init` in a fresh prefix, on an otherwise green run: wine's start-up, not our code.
# So a start that ends in 53 is tried again, at most three times in all, and says so on stderr.
# Any other status, a test's failure or a crash in our code included (those end in 1 or 2,
# GoogleTest's and our programs' failures, or in an NTSTATUS such as 0xc0000005), is returned at
# once.
wine="$1"
shift
attempt=1
while :; do
  "$wine" "$@"
  status=$?
  if [ "$status" -ne 53 ] || [ "$attempt" -ge 3 ]; then
    exit "$status"
  fi
  echo "wine_retrying_start: wine exited 53 (its loader failed before $1 started); start $attempt of 3, trying again" >&2
  attempt=$((attempt + 1))
  sleep 1
done

#!/bin/sh
# End-to-end test of the Codex CLI hook with the real client; see run.mjs for what it checks.
# Needs the built checker (checker/target/shell-warden) or SHELL_WARDEN_CHECKER, Node >= 20, and
# on first run the npm registry. Exit 0 when every check passed.
set -eu
exec node "$(dirname "$0")/run.mjs" "$@"

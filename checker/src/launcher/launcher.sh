#!/bin/sh
# shell-warden: this file is a POSIX sh launcher followed by the checker's jar; the JVM reads the
# jar from this same file ("$0"), so a sha256 pin of this one file pins the whole checker.
# It needs no environment: the JVM path was recorded at build time. C.UTF-8 makes Java 17 treat
# file names and text as UTF-8 under `env -i`; JVM log output goes to stderr, never to stdout.
LC_ALL=C.UTF-8
export LC_ALL
exec '@JAVA@' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData -Xss4m \
  -Xshare:auto -Xlog:disable -Xlog:all=warning:stderr \
  -cp "$0" dev.shellwarden.checker.Main "$@"

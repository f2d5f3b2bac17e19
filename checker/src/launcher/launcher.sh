#!/bin/sh
# shell-warden: this file is a POSIX sh launcher followed by the checker's jar; the JVM reads the
# jar from this same file, so a sha256 pin of this one file pins all the checker's code and rules.
#
# Start-up archive (@ARCHIVE_KIND@): the companion file "<this file>@ARCHIVE_SUFFIX@", made by the
# build from a training run, only makes start-up faster. It is used only when it is provably the
# file the build made, so the pin of this file covers it too and a stale or foreign archive is
# never used:
#  - fast path: it is still the very file the build wrote, by ARCHIVE_IDENTITY below (device,
#    inode, size and change time in ns). Any write, truncation, chmod, rename-over or replacement
#    changes the change time or the inode, and no unprivileged call can set a change time;
#  - otherwise (e.g. after a copy or install): its sha256 equals ARCHIVE_SHA256 below.
# The JVM then also rejects it, on stderr only, if it was made by another JVM build. Missing,
# stale or mismatching: the check is slower, never different. Nothing is written here.
#
# It needs no environment: the JVM path was recorded at build time. C.UTF-8 makes Java 17 treat
# file names and text as UTF-8 under `env -i`; JVM log output goes to stderr, never to stdout.
LC_ALL=C.UTF-8
export LC_ALL
ARCHIVE_SHA256=@ARCHIVE_SHA256@
ARCHIVE_IDENTITY=@ARCHIVE_IDENTITY@
self=$0
case $self in /*) ;; *) self=$PWD/$self ;; esac
set -- -cp "$self" dev.shellwarden.checker.Main "$@"
archive=$self@ARCHIVE_SUFFIX@
# The archive is read through one open descriptor: the file identified or hashed is the file the
# JVM maps (/dev/fd/3 names that open file, not the path).
if [ -f "$archive" ] && [ -r "$archive" ] && command exec 3<"$archive"; then
  use=no
  if [ -x '@STAT@' ]; then
    id=$('@STAT@' -L -c '%d:%i:%s:%.9Z' /dev/fd/3 2>/dev/null)
    if [ "$id" = "$ARCHIVE_IDENTITY" ]; then use=yes; fi
  fi
  if [ $use = no ] && [ -x '@HASHER@' ]; then
    sum=$('@HASHER@' @HASHER_ARGS@ <&3 2>/dev/null)
    if [ "${sum%% *}" = "$ARCHIVE_SHA256" ]; then use=yes; fi
  fi
  if [ $use = yes ]; then
    set -- @ARCHIVE_OPTION@=/dev/fd/3 "$@"
  else
    exec 3<&-
  fi
fi
exec '@JAVA@' @JVM_FLAGS@ "$@"

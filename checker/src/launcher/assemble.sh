#!/bin/sh
# Builds the shell-warden executable and its start-up archive.
#
#   OUT      a POSIX sh launcher (launcher.sh, filled in) followed by the whole jar
#   OUT.aot  (Java 24+) an AOT cache, or OUT.jsa (Java 17-23) an AppCDS dynamic archive,
#            made from a training run over TRAINING_DIR/*.json through OUT itself
#
# The launcher records the absolute path of the JVM chosen here, at build time, because the
# checker runs under an empty environment (no PATH, no JAVA_HOME) and must not search for one.
# It also records the archive's sha256 and uses the archive only when it matches (see launcher.sh).
#
# usage: assemble.sh JAR OUT MAVEN_JAVA_HOME TRAINING_DIR
# JVM choice: $SHELL_WARDEN_JAVA if set, else a Java 25 under /usr/lib/jvm (fastest start, AOT
# cache), else the JVM running Maven (Java 17+: AppCDS).
# $SHELL_WARDEN_ARCHIVE=no builds without an archive (for measuring the slow path).
set -eu
jar=$1
out=$2
maven_java_home=$3
training=$4
here=$(dirname "$0")

# One place for the JVM flags: the training run must use the same ones as the check.
# C1 only and Serial GC: a check lives ~0.1 s, C2 and G1's threads never pay off. -Xshare is left at its
# default (auto): Java 25 refuses -Xshare:auto together with -XX:AOTCacheOutput.
# CompileThresholdScaling=5: C1 compiles only the really hot methods; at 1 it spent ~33 ms of CPU
# compiling 266 methods a one-command check had mostly finished with (-15 to -25 ms CPU measured).
JVM_FLAGS='-XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=5 -XX:+UseSerialGC -XX:-UsePerfData -Xss4m -Xlog:disable -Xlog:all=warning:stderr'

java=""
if [ -n "${SHELL_WARDEN_JAVA:-}" ]; then
  java=$SHELL_WARDEN_JAVA
else
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64/bin/java /usr/lib/jvm/*-25-*/bin/java /usr/lib/jvm/java-25*/bin/java; do
    if [ -x "$candidate" ]; then java=$candidate; break; fi
  done
  if [ -z "$java" ]; then
    case "$maven_java_home" in
      */jre) java=$(dirname "$maven_java_home")/bin/java ;;
      *) java=$maven_java_home/bin/java ;;
    esac
  fi
fi
case "$java" in
  /*) ;;
  *) echo "assemble.sh: JVM path must be absolute: $java" >&2; exit 1 ;;
esac
[ -x "$java" ] || { echo "assemble.sh: no JVM at $java" >&2; exit 1; }
# Resolve symlinks so the recorded path names the real JVM.
java=$(readlink -f "$java")
feature=$("$java" -version 2>&1 | sed -n 's/.*version "\([0-9][0-9]*\).*/\1/p' | head -n 1)
[ -n "$feature" ] || { echo "assemble.sh: cannot tell the version of $java" >&2; exit 1; }
[ "$feature" -ge 17 ] || { echo "assemble.sh: $java is Java $feature; shell-warden needs 17+" >&2; exit 1; }

if [ "$feature" -ge 24 ]; then
  kind="Java $feature AOT cache"; suffix=.aot
  make_opt=-XX:AOTCacheOutput; use_opt=-XX:AOTCache; strict_opt=-XX:AOTMode=on
  # No method profiles in the cache: with C1 only they buy nothing, and replaying them cost
  # ~20 ms of CPU per check here. (Diagnostic flag, build time only; ignored if a JDK lacks it.)
  make_extra='-XX:+UnlockDiagnosticVMOptions -XX:+IgnoreUnrecognizedVMOptions -XX:-AOTRecordTraining'
  # At check time: map the cache at the address it was made for instead of always relocating it
  # (Java 24+ relocates by default, for address-space randomisation of the class metadata: ~10 ms
  # and ~18 ms of CPU per check here). The check parses its input in Java, memory-safely, and the
  # region holds class metadata, so the randomisation buys little against what it costs each
  # check; the JVM still relocates when the address is taken. No training replay (none recorded).
  use_extra='-XX:+UnlockDiagnosticVMOptions -XX:+IgnoreUnrecognizedVMOptions -XX:ArchiveRelocationMode=0 -XX:-AOTReplayTraining'
else
  kind="Java $feature AppCDS dynamic archive"; suffix=.jsa
  make_opt=-XX:ArchiveClassesAtExit; use_opt=-XX:SharedArchiveFile; strict_opt=-Xshare:on
  make_extra=''
  use_extra=''
fi

# The hasher the launcher runs on the archive, by absolute path (no PATH at check time).
# OpenSSL's SHA-256 uses the CPU's SHA extensions: ~4x faster than coreutils' sha256sum here.
if [ -x /usr/bin/openssl ]; then hasher=/usr/bin/openssl; hasher_args='dgst -sha256 -r'
elif [ -x /usr/bin/sha256sum ]; then hasher=/usr/bin/sha256sum; hasher_args=''
else hasher=/nonexistent/sha256; hasher_args=''
fi

# The file-status tool the launcher identifies the archive with, by absolute path; its format
# must print ns change times (GNU coreutils 8.x+), else the identity never matches and the
# launcher falls back to the hash.
if [ -x /usr/bin/stat ]; then stat_tool=/usr/bin/stat
elif [ -x /bin/stat ]; then stat_tool=/bin/stat
else stat_tool=/nonexistent/stat
fi
IDENTITY_WIDTH=100

# identity FILE: device:inode:size:ctime-ns, padded with blanks to IDENTITY_WIDTH (an sh
# assignment ends at the first blank, so the padding is not part of the value); "none" when the
# tool is missing, prints no ns or the result would not fit.
identity() {
  id=$("$stat_tool" -L -c '%d:%i:%s:%.9Z' "$1" 2>/dev/null) || id=none
  case "$id" in *:*:*:*.?????????) ;; *) id=none ;; esac
  [ ${#id} -lt $IDENTITY_WIDTH ] || id=none
  printf "%-${IDENTITY_WIDTH}s" "$id"
}

# write_executable SHA256 IDENTITY TARGET: the launcher with its blanks filled, then the jar.
# INVARIANT: the launcher's length does not depend on SHA256 (always 64 characters) or IDENTITY
# (always IDENTITY_WIDTH), so the executable keeps the size the archive was made against.
write_executable() {
  {
    sed -e "s|@JAVA@|$java|" -e "s|@JVM_FLAGS@|$JVM_FLAGS${use_extra:+ $use_extra}|" -e "s|@ARCHIVE_SHA256@|$1|" \
        -e "s|@ARCHIVE_IDENTITY@|$2|" -e "s|@STAT@|$stat_tool|g" \
        -e "s|@ARCHIVE_SUFFIX@|$suffix|g" -e "s|@ARCHIVE_KIND@|$kind|" -e "s|@ARCHIVE_OPTION@|$use_opt|" \
        -e "s|@HASHER@|$hasher|g" -e "s|@HASHER_ARGS@|$hasher_args|" "$here/launcher.sh"
    cat "$jar"
  } > "$3"
  chmod 755 "$3"
}

none=0000000000000000000000000000000000000000000000000000000000000000
rm -f "$out.aot" "$out.jsa" "$out.aot.config"
tmp="$out.tmp.$$"
write_executable "$none" "$(printf "%-${IDENTITY_WIDTH}s" none)" "$tmp"
mv "$tmp" "$out"

if [ "${SHELL_WARDEN_ARCHIVE:-yes}" = no ]; then
  echo "assemble.sh: $out uses $java, no start-up archive (SHELL_WARDEN_ARCHIVE=no)"
  exit 0
fi
if [ ! -x "$hasher" ]; then
  echo "assemble.sh: WARNING: neither /usr/bin/openssl nor /usr/bin/sha256sum: no start-up archive; $out works without it, slower" >&2
  exit 0
fi

# Training: the real path over the training letters, through the executable itself so the
# archive's class path is exactly the one the launcher passes. A letter that fails fails the build.
log="$out.training.log"
# shellcheck disable=SC2086 # JVM_FLAGS is a list of words
if ! "$java" $JVM_FLAGS $make_extra "$make_opt=$out$suffix" -cp "$out" dev.shellwarden.checker.Training "$training"/*.json \
    > "$log" 2>&1; then
  cat "$log" >&2
  if grep -q '^training: ' "$log"; then
    echo "assemble.sh: the training run failed: the executable does not check its training letters" >&2
    exit 1
  fi
  echo "assemble.sh: WARNING: the JVM could not write a start-up archive; $out works without it, slower" >&2
  rm -f "$out$suffix" "$out.aot.config"
  exit 0
fi
rm -f "$out.aot.config"
[ -s "$out$suffix" ] || { echo "assemble.sh: WARNING: no archive written; $out works without it, slower" >&2; exit 0; }

sum=$("$hasher" $hasher_args < "$out$suffix")
sum=${sum%% *}
# Record the sum in the launcher; keep the size and modification time the archive was made
# against (Java 17 checks both; Java 25 checks the size).
write_executable "$sum" "$(identity "$out$suffix")" "$tmp"
touch -r "$out" "$tmp"
mv "$tmp" "$out"

# The archive must map with the JVM in strict mode; otherwise ship without it.
if ! "$java" $JVM_FLAGS $use_extra "$strict_opt" "$use_opt=$out$suffix" -cp "$out" dev.shellwarden.checker.Main \
    < "$training/allow.json" > /dev/null 2>> "$log"; then
  cat "$log" >&2
  echo "assemble.sh: WARNING: the JVM refuses the archive it just made; $out works without it, slower" >&2
  rm -f "$out$suffix"
  exit 0
fi
echo "assemble.sh: $out uses $java with a $kind ($(wc -c < "$out$suffix") bytes, sha256 $sum)"

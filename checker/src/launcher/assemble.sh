#!/bin/sh
# Builds the single shell-warden executable: a POSIX sh launcher followed by the whole jar.
# The launcher records the absolute path of the JVM chosen here, at build time, because the
# checker runs under an empty environment (no PATH, no JAVA_HOME) and must not search for one.
#
# usage: assemble.sh JAR OUT MAVEN_JAVA_HOME
# JVM choice: $SHELL_WARDEN_JAVA if set, else a Java 25 under /usr/lib/jvm (fastest start),
# else the JVM running Maven.
set -eu
jar=$1
out=$2
maven_java_home=$3

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

tmp="$out.tmp.$$"
{
  sed "s|@JAVA@|$java|" "$(dirname "$0")/launcher.sh"
  cat "$jar"
} > "$tmp"
chmod 755 "$tmp"
mv "$tmp" "$out"
echo "assemble.sh: $out uses $java"

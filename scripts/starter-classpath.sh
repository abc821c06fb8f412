#!/usr/bin/env bash
# The class path a Spring Boot starter of AstroRAG puts into an application: the starter's runtime class path
# (its optional Spring AI and Actuator jars included, as in an application with Actuator and Spring AI), resolved
# in the reactor with `mvn dependency:build-classpath`, the reactor's own jars as packaged; jars counted and summed
# (MiB = 2^20 bytes). Usage: scripts/starter-classpath.sh [rag-spring-boot-starter|rag-spring-boot-4-starter] [-v]
# (-v lists every jar, largest first). Offline (-o): resolve once without it on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
module=${1:-rag-spring-boot-starter}
verbose=${2:-}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
mvn -B -o -q -DskipTests package dependency:build-classpath -pl "$module" -am -DincludeScope=runtime \
    -Dmdep.outputFile="$out" >/dev/null
version=$(sed -n "s:.*<version>\(.*\)</version>.*:\1:p" rag-bom/pom.xml | head -1)
sizes=$( { tr ':' '\n' < "$out"; echo; echo "$module/target/$module-$version.jar"; } | sed '/^$/d' \
    | while read -r jar; do echo "$(stat -c %s "$jar") $jar"; done | sort -n -r)
echo "$module: $(echo "$sizes" | wc -l) jars, $(echo "$sizes" | awk '{s+=$1} END {printf "%.1f", s/1048576}') MiB"
if [ "$verbose" = "-v" ]; then
  echo "$sizes" | awk '{printf "%8.1f MiB  %s\n", $1/1048576, $2}'
fi

#!/usr/bin/env bash
# How long a Spring Boot application with an AstroRAG starter takes to start, and where the time goes (issue 33,
# row 10): the test web application of rag-spring-boot-autoconfigure (Spring MVC, Actuator, the starter's default
# preset) over the README's three sample documents, started twice in fresh JVMs with the SQLite embedding cache in
# one new folder: first with the cache empty, then warm (java -Dstartup.steps=true ... lists the 25 longest steps). Each start prints one line (StartupTimes): JVM start to
# ready, and its parts. Usage: scripts/starter-startup.sh [rag-spring-boot-starter|rag-spring-boot-4-starter]
# Offline (-o): resolve once without it on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
module=${1:-rag-spring-boot-starter}
cp=$(mktemp)
cache=$(mktemp -d)
trap 'rm -rf "$cp" "$cache"' EXIT
# the starter's test class path (the web starter, Actuator, the test application) without what only its other tests
# use: the Elasticsearch client would bring Spring Boot's Elasticsearch auto-configuration, LangChain4j its beans, and
# the Boot 4 starter's tests hold the Boot 3 starter (to test its guard)
mvn -B -o -q -DskipTests package dependency:build-classpath -pl "$module" -am -DincludeScope=test \
    -DexcludeArtifactIds=rag-elasticsearch,elasticsearch-java,elasticsearch-rest-client,rag-langchain4j,langchain4j-core,rag-spring-boot-starter \
    -Dmdep.outputFile="$cp" >/dev/null
classpath="$(cat "$cp"):$module/target/classes"
for start in "cold cache" "warm cache"; do
  java -cp "$classpath" io.github.astrorag.spring.boot.webapp.StartupTimes rag-examples/samples "$cache" \
      "$module, $start" 2>/dev/null | grep -E "^$module"
done

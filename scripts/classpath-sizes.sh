#!/usr/bin/env bash
# What a downstream project pays for each AstroRAG artifact: for each case a throw-away Maven project that
# imports rag-bom and depends on one artifact is resolved with `mvn dependency:build-classpath`, and the
# jars of its runtime class path are counted and summed (MiB = 2^20 bytes). Needs the artifacts in the local repository
# first (mvn -B -ntp -q install -DskipTests). Prints a Markdown table; -v lists each case's jars too.
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=${1:-}
version=$(sed -n "s:.*<version>\(.*\)</version>.*:\1:p" rag-bom/pom.xml | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cases=(
  "rag-core|rag-core alone (SPI, in-memory pipeline, HTTP generators and embedders)"
  "rag-retrieval|rag-retrieval (MMR, PageRank, BM25, fusion, rerankers, coverage selection)"
  "rag-onnx|rag-onnx (the in-process embedder, bge-small-q)"
  "rag-presets|recommended preset: AstroRag.recommended() (rag-presets)"
  "rag-mcts|rag-mcts (CORAG)"
  "rag-elasticsearch|rag-elasticsearch"
)
echo "| downstream project depends on | jars | MiB |"
echo "|---|---:|---:|"
for c in "${cases[@]}"; do
  artifact=${c%%|*}
  label=${c#*|}
  dir="$work/$artifact"
  mkdir -p "$dir"
  cat > "$dir/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId><artifactId>downstream-$artifact</artifactId><version>1</version>
  <dependencyManagement><dependencies>
    <dependency><groupId>io.github.astrorag</groupId><artifactId>rag-bom</artifactId><version>$version</version><type>pom</type><scope>import</scope></dependency>
  </dependencies></dependencyManagement>
  <dependencies>
    <dependency><groupId>io.github.astrorag</groupId><artifactId>$artifact</artifactId></dependency>
  </dependencies>
  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId><version>3.8.1</version></plugin></plugins></build>
</project>
POM
  (cd "$dir" && mvn -B -ntp -q dependency:build-classpath -Dmdep.outputFile=cp.txt -Dmdep.includeScope=runtime -Dstyle.color=never >/dev/null 2>&1)
  tr ':' '\n' < "$dir/cp.txt" | grep -v '^$' > "$dir/jars.txt"
  count=$(wc -l < "$dir/jars.txt")
  bytes=$(xargs stat -c %s < "$dir/jars.txt" | awk '{s+=$1} END {print s}')
  awk -v l="$label" -v c="$count" -v b="$bytes" 'BEGIN {printf "| %s | %d | %.1f |\n", l, c, b / 1048576}'
  if [ "$verbose" = "-v" ]; then
    xargs stat -c '%s %n' < "$dir/jars.txt" | sort -rn | awk '{printf "    %8.1f MiB  %s\n", $1/1048576, $2}' | sed "s|$HOME/.m2/repository/||"
  fi
done

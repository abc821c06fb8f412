#!/usr/bin/env bash
# The embedding cache measured from the command line, as a user meets it: `astrorag ask` (the packaged jar,
# JVM start and model load included) over the first 12 sections of a textbook folder and over all of it,
# with --no-cache, on a cold cache and on a warm one. Prints Markdown tables: wall time, ingest time from the
# --json trace, chunk vectors from the cache, whether the answers match, and the cache's size per 1,000
# chunks. Cold and --no-cache runs alternate (ROUNDS each, median) so that a busy machine hurts both alike.
#
#   mvn -B -ntp -q -pl rag-cli -am package -DskipTests
#   scripts/cache-benchmark.sh $DATA/astronomy-2e [ROUNDS]          # DATA: the folder of the evaluation data
#   WHOLE=0 scripts/cache-benchmark.sh $DATA/astronomy-2e 7     # the 12 sections only, 7 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:?usage: scripts/cache-benchmark.sh TEXTBOOK_FOLDER [ROUNDS]}
rounds=${2:-3}
jar=rag-cli/target/astrorag.jar
question="What is the difference between a planet and a star?"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/twelve"
ls "$corpus"/*.md | sort | head -12 | while read -r f; do cp "$f" "$work/twelve/"; done

# ask FOLDER CACHE_ARGS... -> "wall_ms ingest_ms hits misses answer_sha"
ask() {
  local docs=$1; shift
  local start end
  start=$(date +%s%N)
  java -jar "$jar" ask --json --docs "$docs" "$@" -- "$question" > "$work/out.json" 2> "$work/err.txt"
  end=$(date +%s%N)
  python3 - "$work/out.json" $(( (end - start) / 1000000 )) <<'PY'
import hashlib, json, sys
o = json.load(open(sys.argv[1]))
t = o["trace"]
embed = next((s for s in t.get("ingest", []) if s["name"] == "embed"), {"details": {}})
d = embed.get("details", {})
answer = json.dumps([o["answer"], o.get("citations")], sort_keys=True)
print(sys.argv[2], round(sum(s["millis"] for s in t.get("ingest", []))), d.get("cacheHits", 0), d.get("cacheMisses", 0),
      hashlib.sha256(answer.encode()).hexdigest()[:12])
PY
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "## 12 sections ($(cat "$work"/twelve/*.md | wc -w) words), median of $rounds rounds"
: > "$work/nocache.txt"; : > "$work/cold.txt"; : > "$work/warm.txt"
for r in $(seq "$rounds"); do
  ask "$work/twelve" --no-cache >> "$work/nocache.txt"
  rm -rf "$work/cache"
  ask "$work/twelve" --cache "$work/cache" >> "$work/cold.txt"
  ask "$work/twelve" --cache "$work/cache" >> "$work/warm.txt"
done
echo "| run | wall ms | ingest ms | vectors from cache | answer |"
echo "|---|---:|---:|---:|---|"
for k in nocache cold warm; do
  w=$(cut -d' ' -f1 "$work/$k.txt" | median); i=$(cut -d' ' -f2 "$work/$k.txt" | median)
  last=$(tail -1 "$work/$k.txt")
  read -r _ _ hits misses sha <<< "$last"
  echo "| $k | $w | $i | $hits of $((hits + misses)) | $sha |"
done
size=$(stat -c %s "$work/cache/embeddings.sqlite")
chunks=$(tail -1 "$work/warm.txt" | awk '{print $3 + $4}')
awk -v s="$size" -v c="$chunks" 'BEGIN {printf "\ncache file: %d bytes for %d chunks = %.2f MiB per 1,000 chunks\n", s, c, s / c * 1000 / 1048576}'

[ "${WHOLE:-1}" = 0 ] && exit 0
echo
echo "## whole folder ($(ls "$corpus"/*.md | wc -l) sections)"
rm -rf "$work/cache"
echo "| run | wall ms | ingest ms | vectors from cache | chunks/s embedded | answer |"
echo "|---|---:|---:|---:|---:|---|"
for k in cold warm; do
  read -r w i hits misses sha <<< "$(ask "$corpus" --cache "$work/cache")"
  awk -v k="$k" -v w="$w" -v i="$i" -v h="$hits" -v m="$misses" -v s="$sha" \
    'BEGIN {printf "| %s | %d | %d | %d of %d | %s | %s |\n", k, w, i, h, h + m, (m > 0 ? sprintf("%.1f", m / (i / 1000)) : "-"), s}'
done
size=$(stat -c %s "$work/cache/embeddings.sqlite")
awk -v s="$size" -v c="$((hits + misses))" 'BEGIN {printf "\ncache file: %d bytes for %d chunks = %.2f MiB per 1,000 chunks\n", s, c, s / c * 1000 / 1048576}'

#!/usr/bin/env bash
# Starts and stops a throw-away multi-node Elasticsearch cluster on 127.0.0.1 (for the node-loss test and the
# benchmark, and by hand).
#
#   es-cluster.sh start   --zip FILE --state FILE [--nodes 3] [--heap 256m] [--timeout 600] [--java-home DIR]
#                         [--owner-pid PID]
#   es-cluster.sh kill    --state FILE --node I    SIGKILL node I (0-based), keeping its folder
#   es-cluster.sh revive  --state FILE --node I    start node I again on its folder and ports; waits until all nodes
#                                                  have joined
#   es-cluster.sh destroy --state FILE             stop every node and remove the folder and the state file
#
# start unpacks the distribution (the integ-test zip) once into a fresh world-accessible folder
# `mktemp -d /tmp/astrorag-es.XXXXXX` and gives each node its own config, data and log folder there (ES_PATH_CONF),
# fixed distinct HTTP and transport ports from a random free range, one random cluster name, discovery through
# discovery.seed_hosts (every node's transport port) and cluster.initial_master_nodes (every node, all
# master-eligible), heap 256 MiB (three nodes fit on 2 cores), security off. As root the nodes run as an
# unprivileged user (see es-common.sh). It waits until every node has joined (timeout 600 s) and writes the
# state file (Java properties): ES_URLS (comma-separated), ES_NODES, ES_ROOT, ES_HOME, and per node ES_URL_<i>,
# ES_PID_<i>. On failure it prints the nodes' logs, kills them, removes the folder and exits non-zero. A watchdog
# kills every node and removes the folder when the owner (the caller; --owner-pid) dies before destroy.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/es-common.sh"

cmd=${1:-}; [ -n "$cmd" ] || die "usage: es-cluster.sh start|kill|revive|destroy --state FILE [options]"
shift
ZIP= STATE= NODES=3 HEAP=256m TIMEOUT=600 OWNER_PID=$PPID NODE=
JAVA_HOME_ARG=${JAVA_HOME:-$(command -v java >/dev/null && dirname "$(dirname "$(readlink -f "$(command -v java)")")" || true)}
while [ $# -gt 0 ]; do
  case "$1" in
    --zip) ZIP=$2; shift 2 ;;
    --state) STATE=$2; shift 2 ;;
    --nodes) NODES=$2; shift 2 ;;
    --heap) HEAP=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --java-home) JAVA_HOME_ARG=$2; shift 2 ;;
    --owner-pid) OWNER_PID=$2; shift 2 ;;
    --node) NODE=$2; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done
[ -n "$STATE" ] || die "--state FILE is required"
STATE=$(realpath -m "$STATE")
state_get() { sed -n "s/^$1=//p" "$STATE" 2>/dev/null | tail -n 1; }
state_set() { sed -i "/^$1=/d" "$STATE"; echo "$1=$2" >> "$STATE"; }

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

node_dir() { echo "$ROOT/node-$1"; }

# starts the nodes I... of the cluster in ROOT (config written by start) at once and records their pids
launch_nodes() {
  local i dir pid failed=false
  for i in "$@"; do
    dir=$(node_dir "$i")
    start_daemon "$HOME_DIR" "$dir" "$HEAP" "$dir/es.pid" ES_PATH_CONF="$dir/config" &
  done
  wait || true
  for i in "$@"; do
    dir=$(node_dir "$i"); pid=$(cat "$dir/es.pid" 2>/dev/null || true)
    if alive "$pid"; then state_set "ES_PID_$i" "$pid"; else failed=true; print_log "$dir"; fi
  done
  [ "$failed" = false ] || die "a node did not start (see its log above)"
}

# waits until every node answers and the cluster has NODES nodes
wait_for_cluster() {
  local deadline=$(( $(date +%s) + TIMEOUT )) health= i all
  while :; do
    all=true
    for i in $(seq 0 $((NODES - 1))); do
      health=$(health_of "$(state_get "ES_URL_$i")")
      case "$health" in *"\"number_of_nodes\":$NODES,"*) ;; *) all=false ;; esac
    done
    [ "$all" = true ] && break
    if [ "$(date +%s)" -ge "$deadline" ]; then
      print_log "$ROOT"/node-*
      die "the cluster did not form with $NODES nodes within ${TIMEOUT}s (last answer: ${health:-none})"
    fi
    sleep 1
  done
}

kill_all() {
  local key pid
  for key in $(sed -n 's/^\(ES_PID_[0-9]*\)=.*/\1/p' "$STATE" 2>/dev/null); do
    pid=$(state_get "$key"); alive "$pid" && kill -KILL "$pid" 2>/dev/null || true
  done
}

case "$cmd" in
  start)
    [ -f "$ZIP" ] || die "no distribution zip at '$ZIP' (give --zip FILE)"
    [ "$NODES" -ge 1 ] 2>/dev/null || die "--nodes must be a positive number, was $NODES"
    if [ -f "$STATE" ]; then bash "$0" destroy --state "$STATE"; fi
    mkdir -p "$(dirname "$STATE")"
    ROOT=$(mktemp -d /tmp/astrorag-es.XXXXXX)
    : > "$STATE"
    trap 'st=$?; if [ $st -ne 0 ]; then kill_all; rm -rf "$ROOT"; rm -f "$STATE"; fi' EXIT
    chmod 755 "$ROOT"
    HOME_DIR=$(unpack "$ZIP" "$ROOT")
    base=
    for _ in $(seq 1 50); do
      b=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 )) ok=true
      for i in $(seq 0 $((NODES - 1))); do port_free $((b + i)) && port_free $((b + 100 + i)) || ok=false; done
      if [ "$ok" = true ]; then base=$b; break; fi
    done
    [ -n "$base" ] || die "no free range of ports found"
    seeds= masters=
    for i in $(seq 0 $((NODES - 1))); do
      seeds="$seeds${seeds:+, }\"127.0.0.1:$((base + 100 + i))\""; masters="$masters${masters:+, }\"node-$i\""
    done
    name="astrorag-cluster-$base"
    { echo "ES_ROOT=$ROOT"; echo "ES_HOME=$HOME_DIR"; echo "ES_NODES=$NODES"; echo "ES_HEAP=$HEAP"; } >> "$STATE"
    urls=
    for i in $(seq 0 $((NODES - 1))); do
      dir=$(node_dir "$i")
      mkdir -p "$dir/data" "$dir/logs" "$dir/tmp"
      cp -r "$HOME_DIR/config" "$dir/config"
      {
        echo "cluster.name: $name"
        echo "node.name: node-$i"
        echo "path.data: $dir/data"
        echo "path.logs: $dir/logs"
        echo "network.host: 127.0.0.1"
        echo "http.port: $((base + i))"
        echo "transport.port: $((base + 100 + i))"
        echo "discovery.seed_hosts: [$seeds]"
        echo "cluster.initial_master_nodes: [$masters]"
        echo "xpack.security.enabled: false"
        echo "cluster.routing.allocation.disk.threshold_enabled: false"
      } > "$dir/config/elasticsearch.yml"
      echo "ES_URL_$i=http://127.0.0.1:$((base + i))" >> "$STATE"
      urls="$urls${urls:+,}http://127.0.0.1:$((base + i))"
    done
    echo "ES_URLS=$urls" >> "$STATE"
    own_for_user "$ROOT"
    launch_nodes $(seq 0 $((NODES - 1)))
    wait_for_cluster
    # the watchdog: kills the nodes and removes the folder if the owner dies before destroy
    if [ "$OWNER_PID" -gt 1 ] 2>/dev/null && alive "$OWNER_PID"; then
      nohup bash -c 'while kill -0 '"$OWNER_PID"' 2>/dev/null && [ -f "'"$STATE"'" ]; do sleep 2; done
                     if [ -f "'"$STATE"'" ]; then bash "'"$0"'" destroy --state "'"$STATE"'"; fi' >/dev/null 2>&1 </dev/null &
      echo "ES_WATCHDOG=$!" >> "$STATE"
    fi
    trap - EXIT
    echo "Elasticsearch cluster of $NODES nodes is up at $urls (folder $ROOT)"
    ;;
  kill)
    [ -f "$STATE" ] || die "no state file $STATE"
    [ -n "$NODE" ] || die "--node I is required"
    pid=$(state_get "ES_PID_$NODE"); [ -n "$pid" ] || die "no node $NODE in $STATE"
    kill -KILL "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do alive "$pid" || break; sleep 0.1; done
    echo "node $NODE (pid $pid) killed"
    ;;
  revive)
    [ -f "$STATE" ] || die "no state file $STATE"
    [ -n "$NODE" ] || die "--node I is required"
    ROOT=$(state_get ES_ROOT); HOME_DIR=$(state_get ES_HOME); NODES=$(state_get ES_NODES); HEAP=$(state_get ES_HEAP)
    alive "$(state_get "ES_PID_$NODE")" && die "node $NODE is running"
    launch_nodes "$NODE"
    wait_for_cluster
    echo "node $NODE is back"
    ;;
  destroy)
    if [ -f "$STATE" ]; then
      root=$(state_get ES_ROOT)
      for key in $(sed -n 's/^\(ES_PID_[0-9]*\)=.*/\1/p' "$STATE"); do stop_pid "$(state_get "$key")" & done
      wait
      kill_all
      case "$root" in /tmp/astrorag-es.*) rm -rf "$root" ;; esac
      rm -f "$STATE"
      echo "Elasticsearch cluster stopped and its folder $root removed"
    fi
    ;;
  *) die "unknown command $cmd (start|kill|revive|destroy)" ;;
esac

#!/usr/bin/env bash
# Starts and stops a throw-away single-node Elasticsearch for the integration tests (and by hand).
#
#   es-node.sh start   --zip FILE --state FILE [--security [--tls]] [--heap 512m] [--timeout 600] [--java-home DIR]
#                      [--owner-pid PID]
#   es-node.sh stop    --state FILE     stop the node, keep its folder (for restart)
#   es-node.sh restart --state FILE     start a stopped node again on the same folder (new port)
#   es-node.sh destroy --state FILE     stop the node and remove its folder and the state file
#
# start unpacks the distribution (the integ-test zip, which holds no JDK) into a fresh world-accessible
# folder `mktemp -d /tmp/astrorag-es.XXXXXX`, configures it (127.0.0.1, a free port from a random range,
# discovery.type single-node, heap 512 MiB, security off unless --security), starts it as an unprivileged
# user when run as root (Elasticsearch refuses root), waits for cluster health (timeout 600 s, a hang guard: a
# start takes seconds on a quiet machine and several times that on a busy one; the wait ends when the node answers) and writes
# the state file (KEY=VALUE lines, readable as Java properties): ES_URL, ES_PID, ES_ROOT, ES_HOME, ES_LOG,
# ES_SECURITY. With --security the user named by $ES_TEST_USER gets the password in $ES_TEST_PASSWORD
# (role superuser), created with the distribution's own bin/elasticsearch-users; --tls adds https with a CA
# and certificate made by its bin/elasticsearch-certutil (state ES_TLS, ES_CA). On failure it prints the
# node's log, stops what it started and exits non-zero. A watchdog stops the node when the process that
# called start (Maven; --owner-pid PID names another, 0 disables it) dies, so a killed build leaves no
# node behind.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/es-common.sh"

cmd=${1:-}; [ -n "$cmd" ] || die "usage: es-node.sh start|stop|restart|destroy --state FILE [options]"
shift
ZIP= STATE= SECURITY=false TLS=false HEAP=512m TIMEOUT=600 OWNER_PID=$PPID
# default Java: $JAVA_HOME, else the java on the PATH
JAVA_HOME_ARG=${JAVA_HOME:-$(command -v java >/dev/null && dirname "$(dirname "$(readlink -f "$(command -v java)")")" || true)}
while [ $# -gt 0 ]; do
  case "$1" in
    --zip) ZIP=$2; shift 2 ;;
    --state) STATE=$2; shift 2 ;;
    --security) SECURITY=true; shift ;;
    --tls) TLS=true; shift ;;
    --heap) HEAP=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --java-home) JAVA_HOME_ARG=$2; shift 2 ;;
    --owner-pid) OWNER_PID=$2; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done
[ -n "$STATE" ] || die "--state FILE is required"
STATE=$(realpath -m "$STATE")

state_get() { sed -n "s/^$1=//p" "$STATE" 2>/dev/null | tail -n 1; }

stop_node() {
  local pid; pid=$(state_get ES_PID)
  stop_pid "$pid"
  local wd; wd=$(state_get ES_WATCHDOG)
  if alive "$wd"; then kill -TERM "$wd" 2>/dev/null || true; fi
}

launch() {   # uses ROOT, HOME_DIR; writes the state file
  local root=$ROOT home=$HOME_DIR
  rm -f "$root/logs/http.ports" "$root/logs/transport.ports"
  # a random range of ports; Elasticsearch binds the first free one of it and writes it to logs/http.ports
  local base=$(( 20000 + (RANDOM * 32768 + RANDOM) % 40000 ))
  sed -i -e "/^http.port:/d" -e "/^transport.port:/d" "$home/config/elasticsearch.yml"
  printf 'http.port: %d-%d\ntransport.port: %d-%d\n' "$base" $((base + 99)) $((base + 100)) $((base + 199)) \
    >> "$home/config/elasticsearch.yml"
  start_daemon "$home" "$root" "$HEAP" "$root/es.pid" || {
    print_log "$root"; die "Elasticsearch did not start (see its log above)"; }
  local pid; pid=$(cat "$root/es.pid" 2>/dev/null || true)
  alive "$pid" || { print_log "$root"; die "Elasticsearch exited at once (see its log above)"; }
  local deadline=$(( $(date +%s) + TIMEOUT )) url= health=
  while :; do
    if [ -z "$url" ] && [ -s "$root/logs/http.ports" ]; then
      url="$( [ "$TLS" = true ] && echo https || echo http )://$(head -n 1 "$root/logs/http.ports")"
    fi
    if [ -n "$url" ]; then
      health=$(node_health "$url")
      case "$health" in *'"status":"green"'*|*'"status":"yellow"'*) break ;; esac
    fi
    if ! alive "$pid" || [ "$(date +%s)" -ge "$deadline" ]; then
      kill -KILL "$pid" 2>/dev/null || true
      print_log "$root"
      die "Elasticsearch did not report cluster health within ${TIMEOUT}s (last answer: ${health:-none})"
    fi
    sleep 1
  done
  # the watchdog: stops the node if the owner (the build) dies before stop/destroy
  local wd=
  if [ "$OWNER_PID" -gt 1 ] 2>/dev/null && alive "$OWNER_PID"; then
    nohup bash -c 'while kill -0 '"$OWNER_PID"' 2>/dev/null && kill -0 '"$pid"' 2>/dev/null; do sleep 2; done
                   kill -TERM '"$pid"' 2>/dev/null' >/dev/null 2>&1 </dev/null &
    wd=$!
  fi
  {
    echo "ES_URL=$url"
    echo "ES_PID=$pid"
    echo "ES_WATCHDOG=$wd"
    echo "ES_ROOT=$root"
    echo "ES_HOME=$home"
    echo "ES_LOG=$root/logs/astrorag-test.log"
    echo "ES_SECURITY=$SECURITY"
    echo "ES_TLS=$TLS"
    if [ "$TLS" = true ]; then echo "ES_CA=$home/config/certs/ca/ca.crt"; fi
  } > "$STATE"
  echo "Elasticsearch is up at $url (pid $pid, folder $root)"
}

node_health() {
  local opts=()
  if [ "$SECURITY" = true ]; then opts+=(-u "$ES_TEST_USER:$ES_TEST_PASSWORD"); fi
  if [ "$TLS" = true ]; then opts+=(--cacert "$HOME_DIR/config/certs/ca/ca.crt"); fi
  ES_TEST_CA=$( [ "$TLS" = true ] && echo "$HOME_DIR/config/certs/ca/ca.crt" ) health_of "$1" "${opts[@]}"
}

# a CA and an http certificate for 127.0.0.1/localhost, made with the distribution's own certutil
make_certificates() {
  local certs="$HOME_DIR/config/certs" tool="$HOME_DIR/bin/elasticsearch-certutil"
  chmod +x "$tool"
  ES_JAVA_HOME="$JAVA_HOME_ARG" "$tool" ca --pem --out "$ROOT/ca.zip" --silent >/dev/null
  extract "$ROOT/ca.zip" "$certs"
  ES_JAVA_HOME="$JAVA_HOME_ARG" "$tool" cert --pem --ca-cert "$certs/ca/ca.crt" --ca-key "$certs/ca/ca.key" \
    --ip 127.0.0.1 --dns localhost --name http --out "$ROOT/http.zip" --silent >/dev/null
  extract "$ROOT/http.zip" "$certs"
  cat "$certs/ca/ca.crt" >> "$certs/http/http.crt"   # send the chain up to the CA, as auto-configured nodes do
  rm -f "$ROOT/ca.zip" "$ROOT/http.zip"
}

case "$cmd" in
  start)
    [ -f "$ZIP" ] || die "no distribution zip at '$ZIP' (give --zip FILE)"
    # leftovers of an earlier run with the same state file
    if [ -f "$STATE" ]; then
      stop_node; old=$(state_get ES_ROOT); case "$old" in /tmp/astrorag-es.*) rm -rf "$old" ;; esac; rm -f "$STATE"
    fi
    if [ "$SECURITY" = true ]; then
      [ -n "${ES_TEST_USER:-}" ] && [ -n "${ES_TEST_PASSWORD:-}" ] \
        || die "--security needs ES_TEST_USER and ES_TEST_PASSWORD in the environment"
    fi
    [ "$TLS" = false ] || [ "$SECURITY" = true ] || die "--tls needs --security"
    mkdir -p "$(dirname "$STATE")"
    ROOT=$(mktemp -d /tmp/astrorag-es.XXXXXX)
    trap 'st=$?; if [ $st -ne 0 ]; then pid=$(cat "$ROOT/es.pid" 2>/dev/null || true); [ -n "$pid" ] && kill -KILL "$pid" 2>/dev/null; rm -rf "$ROOT"; fi' EXIT
    chmod 755 "$ROOT"
    HOME_DIR=$(unpack "$ZIP" "$ROOT")
    mkdir -p "$ROOT/data" "$ROOT/logs" "$ROOT/tmp"
    {
      echo "cluster.name: astrorag-test"
      echo "node.name: astrorag-test-node"
      echo "path.data: $ROOT/data"
      echo "path.logs: $ROOT/logs"
      echo "network.host: 127.0.0.1"
      echo "discovery.type: single-node"
      echo "node.portsfile: true"
      echo "xpack.security.enabled: $SECURITY"
      echo "xpack.security.transport.ssl.enabled: false"
      echo "xpack.security.http.ssl.enabled: $TLS"
      if [ "$TLS" = true ]; then
        echo "xpack.security.http.ssl.certificate: certs/http/http.crt"
        echo "xpack.security.http.ssl.key: certs/http/http.key"
        echo "xpack.security.http.ssl.certificate_authorities: certs/ca/ca.crt"
      fi
      echo "cluster.routing.allocation.disk.threshold_enabled: false"
    } > "$HOME_DIR/config/elasticsearch.yml"
    if [ "$SECURITY" = true ]; then
      ES_JAVA_HOME="$JAVA_HOME_ARG" "$HOME_DIR/bin/elasticsearch-users" useradd "$ES_TEST_USER" \
        -p "$ES_TEST_PASSWORD" -r superuser >/dev/null
    fi
    if [ "$TLS" = true ]; then make_certificates; fi
    own_for_user "$ROOT"
    launch
    trap - EXIT
    ;;
  stop)
    [ -f "$STATE" ] || die "no state file $STATE"
    stop_node
    echo "Elasticsearch stopped (folder $(state_get ES_ROOT) kept)"
    ;;
  restart)
    [ -f "$STATE" ] || die "no state file $STATE"
    stop_node
    ROOT=$(state_get ES_ROOT); HOME_DIR=$(state_get ES_HOME); SECURITY=$(state_get ES_SECURITY); TLS=$(state_get ES_TLS)
    [ -d "$HOME_DIR" ] || die "the node's folder $HOME_DIR is gone"
    launch
    ;;
  destroy)
    if [ -f "$STATE" ]; then
      stop_node
      root=$(state_get ES_ROOT)
      case "$root" in /tmp/astrorag-es.*) rm -rf "$root" ;; esac
      rm -f "$STATE"
      echo "Elasticsearch stopped and its folder $root removed"
    fi
    ;;
  *) die "unknown command $cmd (start|stop|restart|destroy)" ;;
esac

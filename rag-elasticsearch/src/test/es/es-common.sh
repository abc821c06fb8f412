# Functions shared by es-node.sh and es-cluster.sh (sourced, not run). The caller sets JAVA_HOME_ARG.

die() { echo "es: $*" >&2; exit 1; }

# a process that exists and is not a zombie (a daemon's parent may be an init that does not reap)
alive() {
  [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null || return 1
  local st=
  if [ -r "/proc/$1/stat" ]; then st=$(sed -e 's/^.*) //' "/proc/$1/stat" 2>/dev/null || true); fi
  case "$st" in Z*) return 1 ;; esac
  return 0
}

# runs a command as the unprivileged user: nobody/nogroup (or $ES_RUN_AS_USER/$ES_RUN_AS_GROUP) when root, else ourselves
as_user() {
  if [ "$(id -u)" -eq 0 ]; then
    local u=${ES_RUN_AS_USER:-nobody} g=${ES_RUN_AS_GROUP:-$(id -gn "${ES_RUN_AS_USER:-nobody}")}
    if command -v setpriv >/dev/null; then
      setpriv --reuid="$u" --regid="$g" --clear-groups -- "$@"
    elif command -v runuser >/dev/null; then
      runuser -u "$u" -g "$g" -- "$@"
    else
      die "running as root and neither setpriv nor runuser exists: cannot start Elasticsearch as an unprivileged user"
    fi
  else
    "$@"
  fi
}

# gives DIR to the unprivileged user when root
own_for_user() {
  if [ "$(id -u)" -eq 0 ]; then
    local u=${ES_RUN_AS_USER:-nobody}; chown -R "$u:${ES_RUN_AS_GROUP:-$(id -gn "$u")}" "$1"
  fi
}

# sends TERM to PID, waits up to 30 s, then KILL
stop_pid() {
  local pid=$1
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 60); do alive "$pid" || break; sleep 0.5; done
    if alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
}

# prints the last lines of every log under the given folders
print_log() {
  echo "----- Elasticsearch log (last 200 lines) -----" >&2
  local root f
  for root in "$@"; do
    for f in "$root"/logs/*.log "$root"/launch.out; do
      [ -f "$f" ] && { echo "== $f" >&2; tail -n 200 "$f" >&2; }
    done
  done
  echo "-----" >&2
}

extract() {   # ZIP DIR
  mkdir -p "$2"
  if command -v unzip >/dev/null; then
    unzip -q -o "$1" -d "$2"
  else
    (cd "$2" && "$JAVA_HOME_ARG/bin/jar" xf "$1")
  fi
}

# unpacks ZIP into ROOT and prints the distribution's folder
unpack() {   # ZIP ROOT
  extract "$1" "$2"
  local home; home=$(find "$2" -mindepth 1 -maxdepth 1 -type d -name 'elasticsearch-*' | head -n 1)
  [ -n "$home" ] || die "the zip holds no elasticsearch-* folder"
  chmod +x "$home"/bin/*
  echo "$home"
}

# starts the distribution HOME as a daemon writing its pid to PIDFILE: ROOT DIR for launch.out and tmp, HEAP, extra env
start_daemon() {   # HOME ROOT HEAP PIDFILE [VAR=VALUE...]
  local home=$1 root=$2 heap=$3 pidfile=$4; shift 4
  [ -x "$JAVA_HOME_ARG/bin/java" ] || die "no Java at '$JAVA_HOME_ARG' (give --java-home or set JAVA_HOME)"
  rm -f "$pidfile"
  (cd "$root" && as_user env -i PATH=/usr/bin:/bin HOME="$root" ES_JAVA_HOME="$JAVA_HOME_ARG" ES_TMPDIR="$root/tmp" \
      ES_JAVA_OPTS="-Xms$heap -Xmx$heap -XX:ErrorFile=$root/logs/hs_err_pid%p.log" "$@" \
      "$home/bin/elasticsearch" -d -p "$pidfile" >"$root/launch.out" 2>&1 </dev/null)
}

# the body of GET URL/_cluster/health[QUERY], or nothing
health_of() {   # URL [CURL OPTIONS...]
  local url=$1; shift
  if command -v curl >/dev/null; then
    curl -s -m 5 "$@" "$url/_cluster/health" 2>/dev/null || true
  else
    "$JAVA_HOME_ARG/bin/java" "$(dirname "${BASH_SOURCE[0]}")/EsHealth.java" "$url/_cluster/health" 2>/dev/null || true
  fi
}

# A throwaway PostgreSQL on 127.0.0.1 in a temporary folder, for scripts/test and scripts/bench-postgres.
# Source it, then call `start_throwaway_postgres [extra server options]`: it installs PostgreSQL from Debian's
# packages when missing, starts a server on a free port, sets `throwaway_postgres_url`, and stops the server
# and removes its folder when the script exits (also when a step fails).

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Runs a PostgreSQL server command as the postgres user when we are root (initdb refuses root).
run_pg() {
    if [ "$(id -u)" -eq 0 ]; then
        su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    else
        "$@"
    fi
}

pg_dir=""
stop_throwaway_postgres() {
    if [ -n "$pg_dir" ] && [ -d "$pg_dir" ]; then
        run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null 2>&1 || true
        rm -rf "$pg_dir"
    fi
}

start_throwaway_postgres() {
    if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
        printf '\n== %s ==\n' "Installing PostgreSQL from Debian's packages"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    pg_dir=$(mktemp -d /tmp/ghostvault-pg.XXXXXX)
    trap stop_throwaway_postgres EXIT
    chmod 755 "$pg_dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$pg_dir"
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf '\n== %s ==\n' "Starting a throwaway PostgreSQL ($("$pg_bin/postgres" --version | awk '{print $3}')) on 127.0.0.1:$port"
    run_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -E UTF8 --auth-local=trust --auth-host=trust >/dev/null
    run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $pg_dir -c max_connections=200 $*" start >/dev/null
    throwaway_postgres_url="postgres://postgres@127.0.0.1:$port/postgres"
}

# A throwaway PostgreSQL on 127.0.0.1 in a temporary folder, for scripts/test and scripts/bench-postgres.
# Source it, then call `start_throwaway_postgres [extra server options]`: it installs PostgreSQL from Debian's
# packages when missing, starts a server on a free port, sets `throwaway_postgres_url`, and stops the server
# and removes its folder when the script exits (also when a step fails). `start_throwaway_postgres_tls` starts
# another, with TLS and a certificate made for the test (below); every server started is stopped on exit.

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# Runs a PostgreSQL server command as the postgres user when we are root (initdb refuses root).
run_pg() {
    if [ "$(id -u)" -eq 0 ]; then
        su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    else
        "$@"
    fi
}

# The folders of the servers started here; `pg_dir` is the latest one's.
pg_dir=""
pg_dirs=()
stop_throwaway_postgres() {
    local dir
    for dir in "${pg_dirs[@]}"; do
        if [ -d "$dir" ]; then
            run_pg "$pg_bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 || true
            rm -rf "$dir"
        fi
    done
    pg_dirs=()
}

# Installs PostgreSQL when missing and makes a new server's folder in `pg_dir`, removed on exit.
new_throwaway_postgres_dir() {
    if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
        printf '\n== %s ==\n' "Installing PostgreSQL from Debian's packages"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    pg_dir=$(mktemp -d /tmp/ghostvault-pg.XXXXXX)
    pg_dirs+=("$pg_dir")
    trap stop_throwaway_postgres EXIT
    chmod 755 "$pg_dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$pg_dir"
    return 0
}

# Creates and starts the server in `pg_dir` on a free port (waiting at most 30 s); sets `throwaway_postgres_url`.
# 500 connections: the suite runs its tests at once, each with its own pool of up to 16, and at 200 a test was
# refused ("sorry, too many clients already") once in two full runs on 2026-11-25.
launch_throwaway_postgres() {
    local port
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf '\n== %s ==\n' "Starting a throwaway PostgreSQL ($("$pg_bin/postgres" --version | awk '{print $3}')) on 127.0.0.1:$port"
    run_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -E UTF8 --auth-local=trust --auth-host=trust >/dev/null
    run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w -t 30 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $pg_dir -c max_connections=500 $*" start >/dev/null
    throwaway_postgres_url="postgres://postgres@127.0.0.1:$port/postgres"
}

start_throwaway_postgres() {
    new_throwaway_postgres_dir
    launch_throwaway_postgres "$@"
}

# A throwaway PostgreSQL with TLS on (`ssl = on`), for the TLS tests. openssl makes, in `$pg_dir/tls`, a test CA
# (`ca.pem`), the server's certificate for the name `localhost` alone (no IP address, so `verify-full` to
# 127.0.0.1 must refuse it) signed by that CA, and an unrelated CA (`other-ca.pem`) that signed nothing the
# server has. Sets `throwaway_postgres_tls_url` (on 127.0.0.1) and `throwaway_postgres_tls_dir`; the server
# also listens on ::1 where the machine has it. Stopped and removed on exit with the others.
start_throwaway_postgres_tls() {
    new_throwaway_postgres_dir
    local tls="$pg_dir/tls"
    mkdir "$tls"
    local ec=(-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes)
    openssl req -x509 "${ec[@]}" -keyout "$tls/ca.key" -out "$tls/ca.pem" -days 2 -subj "/CN=GhostVault test CA" \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" 2>/dev/null
    openssl req -x509 "${ec[@]}" -keyout "$tls/other-ca.key" -out "$tls/other-ca.pem" -days 2 \
        -subj "/CN=GhostVault unrelated CA" -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
    openssl req -new "${ec[@]}" -keyout "$tls/server.key" -out "$tls/server.csr" -subj "/CN=localhost" 2>/dev/null
    printf '%s\n' "basicConstraints=CA:FALSE" "subjectAltName=DNS:localhost" "extendedKeyUsage=serverAuth" \
        >"$tls/server.ext"
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial \
        -out "$tls/server.pem" -days 2 -extfile "$tls/server.ext" 2>/dev/null
    chmod 600 "$tls/server.key"
    chmod 755 "$tls"
    [ "$(id -u)" -eq 0 ] && chown -R postgres "$tls"
    launch_throwaway_postgres -c ssl=on -c "ssl_cert_file=$tls/server.pem" -c "ssl_key_file=$tls/server.key" \
        -c "listen_addresses=127.0.0.1,::1" "$@"
    throwaway_postgres_tls_url="$throwaway_postgres_url"
    throwaway_postgres_tls_dir="$tls"
}

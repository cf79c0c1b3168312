#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1 for the tests that need one, and prints the
# line to export: APOGEE_POSTGRES_URL=postgres://apogee@127.0.0.1:PORT/apogee.
#
# Installs Debian's postgresql package when no server is installed. The data directory is new
# and temporary, the server listens on loopback only and trusts local connections: it holds
# nothing but what the tests write. PostgreSQL refuses to run as root, so as root the server
# runs as the postgres user that the package creates.
#
#   eval "export $(.ci/postgres.sh)" && swift test
set -euo pipefail
port=${APOGEE_POSTGRES_PORT:-54329}
# The next free port from there: another server (a developer's, an earlier run's) may hold it.
while (: </dev/tcp/127.0.0.1/"$port") 2>/dev/null; do port=$((port + 1)); done

if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    echo "Installing PostgreSQL from Debian's packages" >&2
    export DEBIAN_FRONTEND=noninteractive
    sudo=()
    if [ "$(id -u)" != 0 ]; then sudo=(sudo --preserve-env=DEBIAN_FRONTEND); fi
    "${sudo[@]}" apt-get update -qq >&2
    "${sudo[@]}" apt-get install -y -qq postgresql >&2
fi
bin=$(compgen -G "/usr/lib/postgresql/*/bin" | sort -V | tail -1)

data=$(mktemp -d /tmp/apogee-postgres.XXXXXX)
# PostgreSQL's programs start by changing into the working directory, which the postgres user
# may not be allowed to enter (a checkout in root's home, say).
cd "$data"
run=()
if [ "$(id -u)" = 0 ]; then
    chown postgres "$data"
    run=(runuser -u postgres --)
fi
"${run[@]}" "$bin/initdb" -D "$data" -U apogee --auth=trust -E UTF8 >/dev/null
# The socket goes into the data directory, which the server's user owns.
"${run[@]}" "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $data -c max_connections=200" start >&2
"${run[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U apogee apogee
echo "APOGEE_POSTGRES_URL=postgres://apogee@127.0.0.1:$port/apogee"

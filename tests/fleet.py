"""Redis and MariaDB for the fleet tests: the servers already on loopback, or ones started
here from the Debian packages on free loopback ports (never skipped)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from tests.servers import free_port


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _wait(port: int, proc: subprocess.Popen, what: str) -> None:
    for _ in range(150):
        if _listening(port):
            return
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        time.sleep(0.2)
    raise RuntimeError(f"{what} did not listen on 127.0.0.1:{port}")


@contextmanager
def redis_server(force_new: bool = False):
    if _listening(6379) and not force_new:
        yield "redis://127.0.0.1:6379/0"
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as d:
        proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                 "--appendonly", "no", "--dir", d], stdout=subprocess.DEVNULL)
        try:
            _wait(port, proc, "redis-server")
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            proc.terminate()
            proc.wait(10)


@contextmanager
def mariadb_server(force_new: bool = False):
    if _listening(3306) and not force_new:
        yield "mysql://root@127.0.0.1:3306/test"
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as d:
        data = Path(d) / "data"
        install = shutil.which("mariadb-install-db") or shutil.which("mysql_install_db")
        subprocess.run([install, "--no-defaults", f"--datadir={data}", "--auth-root-authentication-method=normal",
                        "--skip-test-db", "--user=root"], check=True, capture_output=True)
        proc = subprocess.Popen([shutil.which("mariadbd") or "mysqld", "--no-defaults", f"--datadir={data}",
                                 f"--port={port}", "--bind-address=127.0.0.1", f"--socket={d}/mysql.sock",
                                 "--user=root", "--skip-log-bin"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _wait(port, proc, "mariadbd")
            subprocess.run(["mysql", "-h", "127.0.0.1", "-P", str(port), "-uroot", "-e",
                            "CREATE DATABASE IF NOT EXISTS test"], check=True)
            yield f"mysql://root@127.0.0.1:{port}/test"
        finally:
            proc.terminate()
            proc.wait(30)

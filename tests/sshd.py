"""A real OpenSSH server on a free loopback port, with a throwaway host key and user key."""

from __future__ import annotations

import getpass
import subprocess
import time
from contextlib import contextmanager
from pathlib import Path

from tests.servers import free_port


@contextmanager
def sshd(tmp: Path):
    Path("/run/sshd").mkdir(parents=True, exist_ok=True)  # sshd's privilege-separation directory
    for name in ("host_key", "user_key"):
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(tmp / name)], check=True)
    (tmp / "authorized_keys").write_text((tmp / "user_key.pub").read_text())
    port = free_port()
    config = tmp / "sshd_config"
    config.write_text(f"""Port {port}
ListenAddress 127.0.0.1
HostKey {tmp / 'host_key'}
AuthorizedKeysFile {tmp / 'authorized_keys'}
PidFile {tmp / 'sshd.pid'}
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
Subsystem sftp internal-sftp
""")
    proc = subprocess.Popen(["/usr/sbin/sshd", "-D", "-e", "-f", str(config)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            ok = subprocess.run(["ssh", "-p", str(port), "-i", str(tmp / "user_key"), "-o", "BatchMode=yes",
                                 "-o", "StrictHostKeyChecking=accept-new",
                                 "-o", f"UserKnownHostsFile={tmp / 'known_hosts'}",
                                 f"{getpass.getuser()}@127.0.0.1", "true"], capture_output=True)
            if ok.returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("sshd did not accept the test key")
        yield {"host": f"{getpass.getuser()}@127.0.0.1", "port": port, "identity": str(tmp / "user_key"),
               "known_hosts": str(tmp / "known_hosts")}
    finally:
        proc.terminate()
        proc.wait(10)

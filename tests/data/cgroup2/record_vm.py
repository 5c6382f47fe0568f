"""Record a real cgroup v2 tree from a real kernel, in a VM: tests/data/cgroup2/real-vm-6.1/.

    python tests/data/cgroup2/record_vm.py    (root; Debian's qemu-system-x86, a
                                              linux-image-*-cloud-amd64 .deb and busybox-static
                                              .deb unpacked with dpkg -x, paths below)

This host binds the memory controller to cgroup v1, so a v2 memory controller only exists
under another kernel. The VM boots Debian 12's cloud kernel with a busybox initramfs whose
init mounts cgroup2, delegates +memory to system.slice/edge-agent.service, sets memory.max
64 MiB and memory.high 48 MiB there, fills a tmpfs from inside it past the limit in one write
(the kernel OOM-kills the writer), leaves a sleeper inside, and prints every file the
tests read to the serial console; this script writes them back as files.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

KERNEL = Path(os.environ.get("VM_KERNEL", "/tmp/i16/vm/k/boot/vmlinuz-6.1.0-57-cloud-amd64"))
BUSYBOX = Path(os.environ.get("VM_BUSYBOX", "/tmp/i16/vm/bb/bin/busybox"))
OUT = Path(__file__).parent / "real-vm-6.1"
INIT = r"""#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
mount -t cgroup2 none /sys/fs/cgroup
C=/sys/fs/cgroup; S=$C/system.slice; E=$S/edge-agent.service
echo +memory > $C/cgroup.subtree_control
mkdir $S; echo +memory > $S/cgroup.subtree_control; mkdir $E
echo 67108864 > $E/memory.max; echo 50331648 > $E/memory.high
mkdir /fill; mount -t tmpfs -o size=256m tmpfs /fill
sh -c "echo \$\$ > $E/cgroup.procs; exec dd if=/dev/zero of=/fill/a bs=96M count=1" 2>/dev/null
rm -f /fill/a
sh -c "echo \$\$ > $E/cgroup.procs; exec dd if=/dev/zero of=/fill/b bs=1M count=20" 2>/dev/null
sh -c "echo \$\$ > $E/cgroup.procs; exec sleep 600" & PID=$!
sleep 3
dump() { echo "@@@ $1"; cat "$2"; echo "@@@ end"; }
dump proc_self_cgroup /proc/$PID/cgroup
for d in "" system.slice/ system.slice/edge-agent.service/; do
  for f in cgroup.controllers cgroup.subtree_control memory.max memory.high memory.current memory.events memory.pressure; do
    [ -f "$C/$d$f" ] && dump "sys/fs/cgroup/$d$f" "$C/$d$f"
  done
done
echo "@@@ uname"; uname -r; echo "@@@ end"
poweroff -f
"""


def initramfs(tmp: Path) -> Path:
    root = tmp / "root"
    for d in ("bin", "proc", "sys", "dev"):
        (root / d).mkdir(parents=True)
    shutil.copy(BUSYBOX, root / "bin" / "busybox")
    (root / "init").write_text(INIT)
    os.chmod(root / "init", 0o755)
    image = tmp / "initrd.cpio"
    files = subprocess.run(["find", "."], cwd=root, capture_output=True, text=True, check=True).stdout
    with open(image, "wb") as out:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], cwd=root, input=files.encode(), stdout=out, check=True)
    return image


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        image = initramfs(Path(tmp))
        accel = ["-enable-kvm"] if os.environ.get("VM_KVM") else []   # nested KVM hangs on this host: TCG, ~1 min
        console = Path(tmp) / "console.log"
        with open(console, "w") as out:
            subprocess.run(["qemu-system-x86_64", *accel, "-m", "512", "-nographic", "-no-reboot", "-kernel",
                            str(KERNEL), "-initrd", str(image), "-append", "console=ttyS0 quiet panic=-1"],
                           stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, timeout=600)
        text = console.read_text(errors="replace").replace("\r", "")
    blocks = re.findall(r"^@@@ (\S+)\n(.*?)^@@@ end$", text, flags=re.S | re.M)
    if not blocks:
        print(text[-3000:], file=sys.stderr)
        return 1
    shutil.rmtree(OUT, ignore_errors=True)
    for name, body in blocks:
        path = OUT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body)
    print(f"recorded {len(blocks)} files into {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

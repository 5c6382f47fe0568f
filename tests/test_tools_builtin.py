"""Built-in tools on real files, real processes, a real HTTP server on 127.0.0.1 and a real memory."""

from __future__ import annotations

import json
import re
import os
import sys
from pathlib import Path

import pytest
from aiohttp import web

from edge_agent.errors import ConfigError, ToolError, ToolRefused, ToolTimeout
from edge_agent.memory import create_memory
from edge_agent.messages import Message
from edge_agent.tools.base import CallContext
from edge_agent.tools.device import device_status_tool, status, temperatures
from edge_agent.tools.fetch import Fetcher
from edge_agent.tools.files import Workspace
from edge_agent.tools.memtools import forget, memory_tools, remember, search_history
from edge_agent.tools.settings import shell_rules
from edge_agent.tools.shell import SANDBOX, Shell

# -- device_status -------------------------------------------------------------------------


def test_temperatures_read_thermal_zones(tmp_path):
    for i, (kind, milli) in enumerate([("cpu-thermal", "48312"), ("gpu-thermal", "41000"), ("cpu-thermal", "50000")]):
        zone = tmp_path / f"thermal_zone{i}"
        zone.mkdir()
        (zone / "type").write_text(kind + "\n")
        (zone / "temp").write_text(milli + "\n")
    (tmp_path / "thermal_zone9").mkdir()                          # unreadable zone: left out
    assert temperatures(tmp_path) == {"cpu-thermal": 48.312, "gpu-thermal": 41.0, "cpu-thermal/thermal_zone2": 50.0}


async def test_device_status_reports_the_board(tmp_path):
    s = status(tmp_path / "not-yet", "degraded")
    assert s["ram_mb"]["total"] > 0 and s["cpu"]["cores"] >= 1 and s["uptime_s"] > 0
    assert s["disk_mb"]["path"] == str(tmp_path) and s["watchdog_mode"] == "degraded"
    out = json.loads(await device_status_tool(tmp_path).run({}, CallContext(watchdog_mode=lambda: "normal")))
    assert out["watchdog_mode"] == "normal" and "swap_mb" in out and "load_1m" in out["cpu"]


# -- files ---------------------------------------------------------------------------------


@pytest.fixture
def ws(tmp_path):
    root = tmp_path / "ws"
    (root / "notes").mkdir(parents=True)
    (root / "notes" / "plan.txt").write_text("plan A: ship on Friday")
    (tmp_path / "secret.txt").write_text("outside")
    return Workspace(root, max_read_chars=100)


def test_files_list_read_write_inside(ws):
    assert ws.list() == "dir\t-\tnotes"
    assert ws.list("notes") == "file\t22\tplan.txt"
    assert ws.read("notes/plan.txt") == "plan A: ship on Friday"
    assert ws.read("./notes//plan.txt", offset=8) == "ship on Friday"
    assert ws.write("out/new.txt", "你好") == "wrote 6 bytes to out/new.txt"
    assert (ws.root / "out" / "new.txt").read_text() == "你好"
    ws.write("out/new.txt", "replaced")
    assert ws.read("out/new.txt") == "replaced" and sorted(os.listdir(ws.root / "out")) == ["new.txt"]
    (ws.root / "big.txt").write_text("x" * 250)
    assert ws.read("big.txt").endswith("[... more from offset 100]")


@pytest.mark.parametrize("path", ["../secret.txt", "notes/../../secret.txt", "/etc/passwd", "~/x", "..",
                                  "notes/..\\..\\secret.txt", "a\x00b"])
def test_files_refuse_paths_out_of_the_workspace(ws, path):
    for op in (lambda: ws.read(path), lambda: ws.write(path, "x"), lambda: ws.list(path)):
        with pytest.raises(ToolRefused):
            op()
    assert (ws.root.parent / "secret.txt").read_text() == "outside"


def test_files_refuse_symlinks_anywhere_on_the_way(ws):
    outside = ws.root.parent
    os.symlink(outside / "secret.txt", ws.root / "link.txt")
    os.symlink(outside, ws.root / "up")
    os.symlink(outside, ws.root / "notes" / "deeper")
    for path in ("link.txt", "up/secret.txt", "notes/deeper/secret.txt"):
        with pytest.raises(ToolRefused, match="symlink"):
            ws.read(path)
        with pytest.raises(ToolRefused, match="symlink"):
            ws.write(path, "overwritten")
    with pytest.raises(ToolRefused):
        ws.list("up")
    assert (outside / "secret.txt").read_text() == "outside"
    assert "link\t-\tlink.txt" in ws.list()


def test_files_refuse_device_files_and_fifos(ws):
    os.mkfifo(ws.root / "pipe")
    with pytest.raises(ToolRefused, match="not a regular file"):
        ws.read("pipe")                                 # refused, not blocked on a FIFO with no writer
    with pytest.raises(ToolRefused, match="not a regular file"):
        ws.write("pipe", "x")
    with pytest.raises(ToolRefused, match="not a regular file"):
        ws.read("notes")
    if os.geteuid() == 0:                               # root can make a device node in the workspace
        os.mknod(ws.root / "null", 0o600 | 0o020000, os.makedev(1, 3))
        with pytest.raises(ToolRefused, match="not a regular file"):
            ws.read("null")


# -- shell ---------------------------------------------------------------------------------


SANDBOXED = SANDBOX.startswith("landlock")


def make_shell(tmp_path, allow, **kw) -> Shell:
    return Shell(shell_rules(allow), tmp_path, **kw)


async def test_shell_runs_only_the_allow_list(tmp_path):
    sh = make_shell(tmp_path, ["echo *", "uname -s"])
    assert await sh.run(["echo", "hello", "board"]) == "exit 0\nhello board\n"
    assert (await sh.run(["uname", "-s"])).startswith("exit 0\nLinux")
    for argv in (["uname", "-a"], ["uname"], ["rm", "-rf", str(tmp_path)], ["/bin/echo", "x"], ["sh", "-c", "id"]):
        with pytest.raises(ToolRefused, match="not allowed"):
            await sh.run(argv)
    assert tmp_path.exists()


async def test_shell_metacharacters_are_passed_literally(tmp_path):
    sh = make_shell(tmp_path, ["echo *", "ls *"])
    evil = ["$(touch pwned)", "`touch pwned2`", "; touch pwned3", "| cat notes.txt", "&& id", "*", "$HOME",
            "'quoted'", "> out.txt"]
    assert await sh.run(["echo", *evil]) == "exit 0\n" + " ".join(evil) + "\n"
    assert not any((tmp_path / n).exists() for n in ("pwned", "pwned2", "pwned3", "out.txt"))
    out = await sh.run(["ls", "*"])                       # no glob: ls looks for a file named "*"
    assert out.startswith("exit 2") and "*" in out


async def test_shell_typed_slots_admit_one_checked_argument_each(tmp_path):
    ws = tmp_path / "ws"
    (ws / "docs").mkdir(parents=True)
    (ws / "docs" / "a.txt").write_text("A")
    (tmp_path / "secret.key").write_text("key")
    os.symlink(tmp_path / "secret.key", ws / "link")          # inside by name, outside by target
    os.symlink("docs", ws / "inner")                            # a symlink that stays inside
    sh = make_shell(ws, ["ls <path>", "cat <path>", "head -n <int> <path>", "echo <word>"])
    assert (await sh.run(["ls", "docs"])) == "exit 0\na.txt\n"
    assert (await sh.run(["cat", "inner/a.txt"])) == "exit 0\nA"
    assert (await sh.run(["head", "-n", "1", "docs/a.txt"])) == "exit 0\nA"
    assert (await sh.run(["echo", "host-1.example:8080"])) == "exit 0\nhost-1.example:8080\n"
    refused = {
        ("cat", "../secret.key"): "no '..'", ("cat", "/etc/passwd"): "relative path", ("cat", "~/x"): "relative path",
        ("ls", "-R"): "no '-' first", ("cat", "docs/../../secret.key"): "no '..'", ("cat", "link"): "symlink",
        ("head", "-n", "-5", "docs/a.txt"): "whole number", ("head", "-n", "1; id", "docs/a.txt"): "whole number",
        ("echo", "-e"): "plain word", ("echo", "a/b"): "plain word", ("echo", "$(id)"): "plain word",
        ("ls", "docs", "more"): "not allowed", ("ls",): "not allowed",
    }
    for argv, why in refused.items():
        with pytest.raises(ToolRefused, match=re.escape(why)):
            await sh.run(list(argv))


def test_shell_rules_with_unknown_slots_are_config_errors():
    for bad in (["ls <file>"], ["<path>"], ["ls <path> * x"]):
        with pytest.raises(ConfigError):
            shell_rules(bad)
    rule, = shell_rules(["ping -c <int> <word>"])
    assert rule.allows(["ping", "-c", "3", "board.local"]) and not rule.allows(["ping", "-c", "3", "-f"])
    assert str(rule) == "ping -c <int> <word>"


async def test_a_tenants_path_slot_cannot_reach_another_tenants_files(tmp_path):
    """Attack finding 1 with the confining rule: B lists only its own workspace."""
    sh = make_shell(tmp_path, ["ls -la <path>"])
    (tmp_path / "tenant-a").mkdir()
    (tmp_path / "tenant-a" / "a-secret.txt").write_text("A")
    assert "exit 0" in await sh.run(["ls", "-la", "."], "tenant-b")
    for path in ("../tenant-a", "..", "../..", "/"):
        with pytest.raises(ToolRefused):
            await sh.run(["ls", "-la", path], "tenant-b")


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    state = next((line for line in status.splitlines() if line.startswith("State:")), "Z")
    return "Z" not in state                                # a zombie is dead, only not reaped yet


async def _pids_written(path: Path, n: int) -> list[int]:
    import asyncio

    for _ in range(300):                                   # the children may still be writing
        lines = path.read_text().split() if path.exists() else []
        if len(lines) >= n:
            return [int(x) for x in lines[:n]]
        await asyncio.sleep(0.1)
    raise AssertionError(f"{path} never held {n} pids")


@pytest.mark.parametrize("detach", ["sleep 600 &", "setsid sleep 600 &", "(sleep 600 >/dev/null 2>&1 &);"])
async def test_shell_timeout_ends_every_process_the_call_started(tmp_path, detach):
    """However a child detaches (its own session, a double fork), the call's timeout ends it:
    the launcher is its subreaper and kills what is left below it (issue 29, finding 2)."""
    script = f"{detach} sh -c 'echo $$ >> pids; exec sleep 600' & sleep 600"
    sh = make_shell(tmp_path, ["sh -c *"], timeout_s=8)   # time enough to start and write the pids on a loaded host
    with pytest.raises(ToolTimeout):
        await sh.run(["sh", "-c", script])
    for pid in await _pids_written(tmp_path / "pids", 1):
        assert not _alive(pid)
    assert not _sleeping_in(tmp_path)


def _sleeping_in(folder: Path) -> list[str]:
    """``sleep 600`` processes whose working directory is ``folder``."""
    here = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if proc.joinpath("cmdline").read_bytes() == b"sleep\x00600\x00" and _alive(int(proc.name)) \
                    and proc.joinpath("cwd").resolve() == folder.resolve():
                here.append(proc.name)
        except OSError:
            pass
    return here


async def test_nothing_a_finished_call_started_outlives_it(tmp_path):
    sh = make_shell(tmp_path, ["sh -c *"], timeout_s=30)
    out = await sh.run(["sh", "-c", "sleep 313 >/dev/null 2>&1 & echo $! > pid; echo started"])
    assert out == "exit 0\nstarted\n"
    assert not _alive(int((tmp_path / "pid").read_text()))


async def test_shell_output_is_capped(tmp_path):
    sh = make_shell(tmp_path, ["yes"], output_bytes=1000)
    out = await sh.run(["yes"])
    assert out.split("\n", 1)[1] == "y\n" * 500 + "\n[output cut at 1000 bytes]"


async def test_shell_missing_program_is_refused(tmp_path):
    sh = make_shell(tmp_path, ["no-such-program-here"])
    with pytest.raises(ToolRefused, match="cannot run"):
        await sh.run(["no-such-program-here"])


# -- http_fetch ----------------------------------------------------------------------------


@pytest.fixture
async def site():
    async def page(request):
        return web.Response(text="订单 #20250115001 已发货", content_type="text/plain")

    async def big(request):
        return web.Response(body=b"z" * 5000, content_type="application/octet-stream")

    async def hop(request):
        raise web.HTTPFound(request.query["to"])

    async def cookie(request):
        resp = web.Response(text="set")
        resp.set_cookie("sid", "tenant-a-secret")
        return resp

    async def echo_cookie(request):
        return web.Response(text=f"cookie: {request.headers.get('Cookie', 'none')}")

    async def huge(request):       # streamed in pieces: one read does not see them all
        resp = web.StreamResponse(headers={"Content-Type": "text/plain"})
        await resp.prepare(request)
        for _ in range(250):
            await resp.write(b"x" * 1000)
        await resp.write_eof()
        return resp

    app = web.Application()
    app.router.add_get("/page", page)
    app.router.add_get("/big", big)
    app.router.add_get("/hop", hop)
    app.router.add_get("/cookie", cookie)
    app.router.add_get("/echo-cookie", echo_cookie)
    app.router.add_get("/huge", huge)
    runner = web.AppRunner(app)
    await runner.setup()
    tcp = web.TCPSite(runner, "127.0.0.1", 0)
    await tcp.start()
    port = tcp._server.sockets[0].getsockname()[1]
    yield port
    await runner.cleanup()


async def test_fetch_allowed_host(site):
    f = Fetcher([f"127.0.0.1:{site}"], max_bytes=1000)
    try:
        out = await f.get(f"http://127.0.0.1:{site}/page")
        assert out.startswith("HTTP 200 OK\ncontent-type: text/plain") and out.endswith("订单 #20250115001 已发货")
        assert (await f.get(f"http://127.0.0.1:{site}/big")).endswith("[body cut at 1000 bytes]")
        hop = f"http://127.0.0.1:{site}/hop?to=/page"
        assert (await f.get(hop)).endswith("已发货")                      # a redirect on the same host
    finally:
        await f.aclose()


async def test_fetch_refuses_other_hosts_ports_schemes_and_redirects_out(site):
    f = Fetcher([f"127.0.0.1:{site}"])
    try:
        for url in (f"http://localhost:{site}/page", f"http://127.0.0.1:{site + 1 if site < 65535 else 1}/page",
                    "file:///etc/passwd", f"ftp://127.0.0.1:{site}/", f"http://u:p@127.0.0.1:{site}/page"):
            with pytest.raises(ToolRefused):
                await f.get(url)
        with pytest.raises(ToolRefused, match="localhost"):
            await f.get(f"http://127.0.0.1:{site}/hop?to=http://localhost:{site}/page")
    finally:
        await f.aclose()


async def test_fetch_connection_refused_is_a_tool_error(unused_tcp_port):
    f = Fetcher([f"127.0.0.1:{unused_tcp_port}"])
    try:
        with pytest.raises(ToolError):
            await f.get(f"http://127.0.0.1:{unused_tcp_port}/")
    finally:
        await f.aclose()


# -- memory tools --------------------------------------------------------------------------


async def test_remember_supersedes_and_forget_removes(counter):
    mem = create_memory("summary", max_tokens=1000, reserve_tokens=200, counter=counter)
    await mem.add(Message("user", "我叫王小明，订单号 #20250115001"))
    ctx = CallContext(memory=mem)
    assert remember(ctx, "favourite colour", "green") == "remembered favourite colour: green"
    assert "favourite colour is now blue (was green)" == remember(ctx, "Favourite Colour", "blue")
    fact = mem.facts.get("note:favourite colour")
    assert fact.value == "blue" and fact.history == [("green", fact.turn)]
    assert remember(ctx, "name", "王大明") == "name is now 王大明 (was 王小明)"   # supersedes the extracted name
    assert mem.facts.get("name:self").history[0][0] == "王小明"
    assert any("blue" in m["content"] for m in mem.context().messages if m["role"] == "system")
    assert forget(ctx, "favourite colour") == "forgot favourite colour (blue)"
    assert mem.facts.get("note:favourite colour") is None and len(mem.facts) == 2
    with pytest.raises(ToolRefused, match="no fact"):
        forget(ctx, "favourite colour")
    restored = create_memory("summary", max_tokens=1000, reserve_tokens=200, counter=counter)
    restored.restore(mem.export_state(), [])
    assert restored.facts.get("name:self").value == "王大明"                  # stored with the session


async def test_search_history_over_turns_out_of_view(counter):
    mem = create_memory("sliding", max_tokens=300, reserve_tokens=50, counter=counter, recall=True)
    await mem.add(Message("user", "my parcel tracking code is ZX-4471 and it goes to Shenzhen"))
    await mem.add(Message("assistant", "noted"))
    for i in range(30):
        await mem.add(Message("user", f"filler question number {i} about the weather"))
        await mem.add(Message("assistant", f"filler answer {i}"))
    ctx = CallContext(memory=mem)
    assert "ZX-4471" in search_history(ctx, "tracking code Shenzhen")
    assert search_history(ctx, "quantum chromodynamics") == "nothing in the earlier history matches"
    with pytest.raises(ToolRefused, match="no recall archive"):
        search_history(CallContext(memory=create_memory("fixed", counter=counter, recall=False)), "x")
    tools = {t.name: t for t in memory_tools()}
    assert "ZX-4471" in await tools["search_history"].run({"query": "tracking code", "k": 2}, ctx)
    with pytest.raises(ToolRefused, match="must be integer"):
        await tools["search_history"].run({"query": "x", "k": "2"}, ctx)


async def test_each_token_namespace_has_its_own_workspace(tmp_path):
    from edge_agent.tools.files import file_tools

    tools = {t.name: t for t in file_tools(Workspace(tmp_path))}
    a, b = CallContext(namespace="aaaa1111"), CallContext(namespace="bbbb2222")
    await tools["write_file"].run({"path": "mine.txt", "content": "tenant a"}, a)
    assert await tools["read_file"].run({"path": "mine.txt"}, a) == "tenant a"
    with pytest.raises(ToolRefused, match="no file"):
        await tools["read_file"].run({"path": "mine.txt"}, b)
    assert (tmp_path / "aaaa1111" / "mine.txt").read_text() == "tenant a"
    with pytest.raises(ToolRefused, match="namespace"):
        await tools["list_files"].run({}, CallContext(namespace="../x"))
    sh = make_shell(tmp_path, ["ls"])
    assert await sh.run(["ls"], "aaaa1111") == "exit 0\nmine.txt\n"
    assert await sh.run(["ls"], "bbbb2222") == "exit 0\n"


def test_search_history_dates_hits_when_the_archive_does():
    from collections import namedtuple

    Hit = namedtuple("Hit", "seq ts line tokens score doc_id day")

    class Dated:  # the shape of an archive whose hits carry their time (a stand-in for that shape only)
        def search(self, query, k=None):
            return [Hit(3, 1_700_000_000.0, "user: parcel ZX-4471", 9, 2.0, 1, "14 Nov 2023"),
                    Hit(5, 1_700_000_000.0, "user: to Shenzhen", 5, 1.0, 2, "")]

    class Mem:
        archive = Dated()

    out = search_history(CallContext(memory=Mem()), "parcel")
    assert out.splitlines()[0] == "1. [14 Nov 2023] user: parcel ZX-4471"
    assert out.splitlines()[1].startswith("2. [2023-11-1") and out.endswith("user: to Shenzhen")


async def test_free_arguments_may_not_name_a_place_outside_the_workspace(tmp_path):
    """Issue 29, finding 1: `ls *` and `find *` handed over ../<other token> and ../../store.key."""
    sh = make_shell(tmp_path / "ws", ["ls *", "find *", "df -h"])
    for argv in (["ls", "-la", "../other"], ["ls", "/etc"], ["ls", "~"], ["find", ".", "-exec", "head", "-c", "120",
                                                                          "../../store.key", ";"],
                 ["find", "a/../../b"], ["ls", "--directory=/"]):
        with pytest.raises(ToolRefused, match="outside the workspace"):
            await sh.run(argv)
    assert (await sh.run(["ls", "-la", "."])).startswith("exit 0")


@pytest.mark.skipif(not SANDBOXED, reason="this kernel has no Landlock: the argument check alone applies")
async def test_the_kernel_keeps_a_program_inside_its_workspace(tmp_path):
    """Whatever the arguments hide (here '..' spelt by printf), the program reaches neither the
    state directory's key nor another token's files; it still reads the system and writes its own."""
    state = tmp_path / "state"
    (state / "workspace" / "b").mkdir(parents=True)
    (state / "store.key").write_text("SECRET-KEY")
    (state / "workspace" / "b" / "notes.txt").write_text("B's notes")
    sh = Shell(shell_rules(["sh -c *"]), state / "workspace", protect=(state,))
    up = "$(printf '\\056\\056')"
    out = await sh.run(["sh", "-c", f"cat {up}/{up}/store.key; cat {up}/b/notes.txt; ls {up}; "
                                    "echo mine > mine.txt && cat mine.txt; head -c 4 \"$(printf '\\057etc\\057hostname')\" >/dev/null "
                                    "&& echo sys"],
                       namespace="a")
    assert "SECRET-KEY" not in out and "B's notes" not in out and "Permission denied" in out
    assert "mine\n" in out and "sys\n" in out
    # nor the daemon's environment (its cloud key, its store key) through /proc
    proc = "$(printf '\\057proc')"                          # spelt so that the argument check passes it
    out = await sh.run(["sh", "-c", f"cat {proc}/{os.getpid()}/environ; uptime"], namespace="a")
    assert "PATH=" not in out and "Permission denied" in out and "load average" in out


async def test_fetch_keeps_no_cookie_reads_whole_bodies_and_bare_hosts_mean_default_ports(site):
    """Issue 29, findings 4, 7 and 10: one cookie jar for every tenant, bodies cut silently at
    one read, and a bare host allowing every port (the daemon's own API through localhost)."""
    f = Fetcher([f"127.0.0.1:{site}"], max_bytes=300_000)
    try:
        await f.get(f"http://127.0.0.1:{site}/cookie")
        assert "cookie: none" in await f.get(f"http://127.0.0.1:{site}/echo-cookie")
        whole = await f.get(f"http://127.0.0.1:{site}/huge")
        assert whole.endswith("x" * 1000) and len(whole.split("\n\n", 1)[1]) == 250_000
    finally:
        await f.aclose()
    bare = Fetcher(["127.0.0.1", "[::1]:8080"])
    with pytest.raises(ToolRefused):
        bare.check(f"http://127.0.0.1:{site}/page")
    bare.check("http://127.0.0.1/page")
    bare.check("https://127.0.0.1/page")
    bare.check("http://[::1]:8080/x")
    with pytest.raises(ToolRefused):
        bare.check("http://[::1]:8081/x")


def test_read_file_far_into_a_file_reads_it_a_block_at_a_time(tmp_path):
    """Issue 29, finding 10: read_file with a large offset read everything before it."""
    import tracemalloc

    (tmp_path / "big.txt").write_text("订单" * 3_000_000 + "END" + "x" * 10)        # 18 MB of UTF-8
    ws = Workspace(tmp_path, max_read_chars=8)
    tracemalloc.start()
    try:
        out = ws.read("big.txt", offset=6_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert out == "ENDxxxxx\n[... more from offset 6000008]"
    assert peak < 4 << 20                                  # a block or two, not the 18 MB before it
    assert Workspace(tmp_path, max_read_chars=5).read("big.txt", offset=6_000_010) == "xxx"
    assert Workspace(tmp_path).read("big.txt", offset=10 ** 9) == ""


async def test_a_sandboxed_program_has_a_writable_temp_dir_in_its_workspace(tmp_path):
    """/tmp is outside what Landlock lets a program write: TMPDIR (and HOME) point into the
    workspace, so mktemp and the tools that keep a cache work."""
    sh = make_shell(tmp_path, ["sh -c *"])
    out = await sh.run(["sh", "-c", 'f=$(mktemp) && echo ok > "$f" && cat "$f" && echo "$f" && echo "$HOME"'])
    code, said, made, home = out.splitlines()
    assert code == "exit 0" and said == "ok"
    assert made.startswith(str(tmp_path / ".tmp") + "/") and home == str(tmp_path)

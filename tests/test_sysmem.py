"""cgroup reading: v2 trees in the kernel's format (tests/data/cgroup2), a real v2 mount, v1 here."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from edge_agent.board.cgroup import CgroupUnavailable, ChildCgroup, _delegate_memory_v2
from edge_agent.board.sysmem import UNLIMITED, own_cgroup, own_cgroup_dir, read_flat_keyed
from edge_agent.board.watchdog import _psi, read_psi

TREES = Path(__file__).parent / "data" / "cgroup2"
MiB = 1 << 20


def read(tree: str):
    base = TREES / tree
    return own_cgroup(base / "proc_self_cgroup", base / "sys" / "fs" / "cgroup")


def test_v2_service_limit_usage_events_and_its_own_pressure():
    cg = read("debian12-service")
    assert cg.version == 2 and cg.path.name == "edge-agent.service"
    assert (cg.limit, cg.usage) == (512 * MiB, 412090368)
    assert cg.events == {"low": 0, "high": 0, "max": 37, "oom": 2, "oom_kill": 1, "oom_group_kill": 0}
    assert cg.oom_kills == 1
    assert read_psi(cg.pressure) == 12.41          # the service's PSI, not the system's (0.00)
    assert _psi(cg) == 12.41


def test_v2_tree_recorded_from_a_real_kernel():
    """tests/data/cgroup2/record_vm.py: Linux 6.1 in a VM, memory.max 64 MiB and memory.high
    48 MiB on the service, a writer OOM-killed past the limit, a sleeper left inside."""
    base = TREES / "real-vm-6.1"
    assert (base / "uname").read_text().startswith("6.1.")
    cg = read("real-vm-6.1")
    assert cg.version == 2 and cg.path.name == "edge-agent.service"
    assert cg.limit == 48 * MiB and cg.usage == int((cg.path / "memory.current").read_text())  # high binds
    assert cg.oom_kills == 1 and cg.events["max"] > 0 and cg.events["high"] > 0
    assert read_psi(cg.pressure) == float((cg.path / "memory.pressure").read_text().split()[1].split("=")[1])
    assert not (base / "sys" / "fs" / "cgroup" / "memory.current").exists()   # the root has none on 6.1


def test_v2_the_ancestor_with_the_least_headroom_binds():
    cg = read("nested-slice")
    # user.slice: high 768 MiB - 600 MiB used = 168 MiB; user-1000.slice: 1 GiB - 592 MiB = 432 MiB
    assert cg.path.name == "user.slice" and cg.limit == 768 * MiB and cg.usage == 629145600
    assert cg.events["high"] == 4 and read_psi(cg.pressure) == 0.52


def test_v2_without_any_limit_reports_the_own_cgroup_unlimited():
    cg = read("unlimited")
    assert cg.version == 2 and cg.path.name == "session-2.scope" and cg.limit == UNLIMITED
    assert cg.usage == 100 * MiB and cg.events == {} and cg.pressure is None


def test_hybrid_host_reads_the_v1_memory_controller():
    cg = read("hybrid-v1-memory")
    assert cg.version == 1 and (cg.limit, cg.usage) == (256 * MiB, 150994944) and cg.oom_kills == 3
    base = TREES / "hybrid-v1-memory"
    version, path = own_cgroup_dir(base / "proc_self_cgroup", base / "sys" / "fs" / "cgroup")
    assert version == 1 and path.parts[-3:] == ("memory", "system.slice", "edge-agent.service")


def test_unreadable_or_garbled_files_give_none_not_an_exception(tmp_path):
    assert own_cgroup(tmp_path / "missing", tmp_path) is None
    (tmp_path / "cg").write_text("0::/a\n")
    (tmp_path / "cgroup.controllers").write_text("memory\n")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "memory.max").write_text("lots\n")
    (tmp_path / "a" / "memory.current").write_text("12\n")
    assert own_cgroup(tmp_path / "cg", tmp_path) is None    # no usable limit file at any level
    (tmp_path / "a" / "memory.events").write_text("oom 1\nbroken\nmax x\n")
    assert read_flat_keyed(tmp_path / "a" / "memory.events") == {"oom": 1}


def test_this_hosts_own_cgroup_is_read():
    cg = own_cgroup()
    if cg is None:
        pytest.skip("this process has no readable memory cgroup")
    assert cg.version in (1, 2) and cg.usage > 0 and cg.limit > 0


@pytest.fixture
def real_v2_mount(tmp_path):
    """A real cgroup2 hierarchy: /sys/fs/cgroup where the host is v2, else a fresh mount."""
    if (Path("/sys/fs/cgroup") / "cgroup.controllers").is_file():
        yield Path("/sys/fs/cgroup")
        return
    mnt = tmp_path / "cgroup2"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "cgroup2", "none", str(mnt)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a cgroup2 hierarchy here: {done.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_real_v2_hierarchy_pressure_and_delegation(real_v2_mount):
    """On a real v2 hierarchy: its memory.pressure parses; where the memory controller is
    bound to v1 (this project's CI host), delegating it to a child fails with that reason."""
    pressure = real_v2_mount / "memory.pressure"
    if pressure.is_file():
        assert read_psi(pressure) is not None and read_psi(pressure) >= 0.0
    controllers = (real_v2_mount / "cgroup.controllers").read_text().split()
    if "memory" in controllers:
        pytest.skip("the memory controller is on this v2 hierarchy: the cgroup daemon tests exercise it")
    with pytest.raises(CgroupUnavailable, match="memory controller is not available"):
        _delegate_memory_v2(real_v2_mount)


def test_a_limited_child_cgroup_where_the_host_allows_one():
    reason = ChildCgroup.why_not()
    if reason is not None:
        pytest.skip(f"no child cgroup with a memory limit here: {reason}")
    with ChildCgroup(96 * MiB) as cg:
        assert int((cg.path / cg._limit_file).read_text()) == 96 * MiB
        assert cg.usage() >= 0 and cg.oom_kills() == 0
    assert not cg.path.exists()


def _fake_level(path: Path, delegates: bool | None) -> Path:
    """One level of a v2 tree in plain files (the walk's logic only; the kernel's own rules
    are exercised by the tests above where the host has them). ``delegates``: True, memory
    already in subtree_control; False, enabling it fails (a cgroup holding processes: here a
    directory where the file would be); None, it can be enabled."""
    path.mkdir(parents=True)
    (path / "cgroup.controllers").write_text("cpu memory pids\n")
    if delegates is False:
        (path / "cgroup.subtree_control").mkdir()
    else:
        (path / "cgroup.subtree_control").write_text("memory\n" if delegates else "")
    return path


def test_v2_child_goes_to_the_nearest_ancestor_that_delegates_memory(tmp_path):
    top = _fake_level(tmp_path / "cg", None)
    mid = _fake_level(top / "machine.slice", True)
    own = _fake_level(mid / "container", False)                  # holds this process: cannot delegate
    cg = ChildCgroup(64 * MiB, name="probe", own=(2, own), top=top)
    assert cg._delegating_parent(own) == mid                     # one level up, where memory is handed down
    (mid / "cgroup.subtree_control").unlink()
    (mid / "cgroup.subtree_control").mkdir()                     # mid cannot either: the top can be made to
    assert cg._delegating_parent(own) == top and "memory" in (top / "cgroup.subtree_control").read_text()
    (top / "cgroup.subtree_control").unlink()
    (top / "cgroup.subtree_control").mkdir()
    with pytest.raises(CgroupUnavailable) as info:                # nowhere: every level's reason
        cg._delegating_parent(own)
    assert str(info.value).count("cannot enable +memory") == 3 and str(top) in str(info.value)

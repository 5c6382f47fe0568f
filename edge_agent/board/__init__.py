"""The board side: what the device has and how the daemon lives within it.

    sysmem.py    MemAvailable, PSI and the cgroup the daemon runs in, read from /proc and /sys
    watchdog.py  samples them and degrades memory (summary -> sliding window) under pressure
    cgroup.py    a child cgroup with a memory limit (the profiler's and the tests' pressure)
    profiles.py  the board profiles (board_profiles/*.toml): RAM budget, n_ctx, thresholds
    profile.py   ``edge-agent profile``: a board's memory measured per strategy
"""

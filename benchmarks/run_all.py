"""Run every benchmark in turn (each prints its own measured figures and ratios against its target).

Usage: .venv/bin/python benchmarks/run_all.py [--only NAME ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = ("engine", "tournament", "prompt", "ratings", "board", "generator", "cards")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=BENCHMARKS, help="run only these (repeatable)")
    args = parser.parse_args()
    failed = []
    for name in args.only or BENCHMARKS:
        print(f"\n=== {name} ===", flush=True)
        started = time.perf_counter()
        code = subprocess.call([sys.executable, str(HERE / f"{name}_bench.py")])
        print(f"({name}: {time.perf_counter() - started:.0f} s, exit {code})", flush=True)
        if code:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

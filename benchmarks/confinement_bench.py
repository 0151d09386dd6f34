"""Hostile cases against `arena scripts validate` and `arena play`: refusals, leaked bytes, time to refuse a bomb.

Builds the crafted attack cases of `tests/scripts/attacks.py` in a temporary folder, runs the real CLI
on each (`arena scripts validate`, and `arena play` with an OpenAI-wire entry pointed at a loopback
server), and prints how many were refused, how many requests reached the server, how many outside
bytes they carried (must be 0), and how long refusing a small PNG that declares 30000x30000 (and
10000x10000) pixels takes.

Usage: .venv/bin/python benchmarks/confinement_bench.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.errors import ScriptError  # noqa: E402
from arena.scripts.loader import load_script  # noqa: E402
from multimodal.images import ImageProblem, inspect_bytes  # noqa: E402
from tests.providers.fake_api import FakeAPI, player_responder  # noqa: E402
from tests.scripts.attacks import ATTACKS, SECRET, bomb_png, build_attack  # noqa: E402


def arena(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arena", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300)


def refuse_ms(data: bytes, repeat: int) -> tuple[float, str]:
    times, message = [], ""
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            inspect_bytes(data, "bomb.png")
        except ImageProblem as exc:
            message = str(exc)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), message


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="timing repeats for the bomb PNG")
    args = parser.parse_args()
    api = FakeAPI()
    api.responder = player_responder
    validate_refused = play_refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENAI_API_KEY": "sk-bench", "ARENA_DB": f"{tmp}/a.duckdb",
               "ARENA_CACHE_DIR": f"{tmp}/cache"}
        for name in ATTACKS:
            attack = build_attack(name, Path(tmp))
            checked = arena("scripts", "validate", str(attack.folder), env=env)
            validate_refused += checked.returncode == 1 and attack.field in checked.stdout.replace("\n", "")
            played = arena("play", "--script", str(attack.folder), "--civilians", "openai/bench", "--murderer",
                           "builtin/random", "--rounds", "1", "-M", f"openai/bench:base_url={api.url}/v1",
                           "--out", f"{tmp}/{name}.jsonl", env=env)
            refused = played.returncode != 0 and "Traceback" not in played.stderr
            play_refused += refused
            print(f"{name:30s} validate exit {checked.returncode}  play exit {played.returncode}"
                  f"{'' if refused else '  NOT REFUSED'}")
        bomb = build_attack("image_bomb", Path(tmp) / "timing").folder
        started = time.perf_counter()
        with contextlib.suppress(ScriptError):
            load_script(bomb)
        load_ms = (time.perf_counter() - started) * 1000
    leaked = sum(str(r.body).count(SECRET.decode()) for r in api.requests)
    api.close()
    data = bomb_png()
    big_ms, big_message = refuse_ms(data, args.repeat)
    mid_ms, mid_message = refuse_ms(bomb_png(10000), args.repeat)
    print(f"\nattack cases: {len(ATTACKS)}; refused by validate: {validate_refused}/{len(ATTACKS)}; "
          f"refused by play: {play_refused}/{len(ATTACKS)}")
    print(f"requests that reached the loopback provider: {len(api.requests)}; outside bytes leaked: {leaked}")
    print(f"bomb PNG ({len(data)} bytes, declares 30000x30000): refused in {big_ms:.2f} ms median "
          f"({big_message.split(':', 1)[1].strip()[:60]}...)")
    print(f"bomb PNG declaring 10000x10000: refused in {mid_ms:.2f} ms median ({mid_message.split(':', 1)[1].strip()})")
    print(f"whole bomb case through load_script: {load_ms:.0f} ms")
    ok = validate_refused == play_refused == len(ATTACKS) and leaked == 0 and not api.requests
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""`arena models`: list providers and entries, try one entry with a prompt, check that an entry plays legally."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Column, Table
from rich.text import Text

from arena.agents.dialect_check import dialect_check
from arena.agents.smoke import PlayedGame, SmokeReport, StructuredComparison, compare_structured, smoke_check
from arena.app.games import resolve_script
from arena.coe.qa_check import qa_check
from arena.entries import Entry, entries_path, load_entries, provider_limits, resolve_entry
from arena.errors import ConfigError, ImageError
from arena.providers.client import ModelClient
from arena.providers.messages import ImagePart, Message, Request
from arena.providers.registry import list_providers
from arena.providers.secrets import KeyStore
from arena.scripts.schema import Script
from arena.store import EntryRecord, Store, default_db_path
from arena.tournament.record import game_write, record_single_game, script_ref
from multimodal.images import ImageProblem, inspect_bytes, read_image_file

app = typer.Typer(help="Model providers and entries: list them, try one.", no_args_is_help=True)
out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command

EntriesOpt = typer.Option(None, "--entries-file", "--entries",
                          help="Entries TOML file (default: $ARENA_ENTRIES, else ./entries.toml).")
ImagesOpt = typer.Option([], "--image", "-i", help="Image file to attach (repeatable).")
OptionsOpt = typer.Option([], "-M", "--option", help="Setting key=value (repeatable).")
DbOpt = typer.Option(None, "--db", help="DuckDB file to record the check's two games in, with their abort reasons "
                                        "(default: not recorded).")


def key_status(entry: Entry, keys: KeyStore) -> str:
    """Whether the entry's key is available, naming the variable but never showing a value."""
    if entry.is_builtin or (entry.provider in ("mock", "openai-compatible") and not entry.api_key_env):
        return "not needed"
    key, tried = keys.key_for(entry.provider, entry.api_key_env)
    if key is not None:
        return "set"
    return f"[yellow]missing {' or '.join(tried)}[/]" if tried else "plugin decides"


@app.command("list")
def list_models(entries_file: Path = EntriesOpt) -> None:
    """Show the providers (built-in and plugins) and the entries (built-in and configured)."""
    providers = Table(Column("provider", no_wrap=True), "origin", Column("implemented by", overflow="fold"),
                      title="Providers (use as provider/model)")
    for info in list_providers():
        providers.add_row(info.name, info.origin, info.target)
    out.print(providers)
    keys = KeyStore()
    file = entries_path(entries_file)
    entries = Table(Column("entry", no_wrap=True), Column("model", overflow="fold"), Column("version", no_wrap=True),
                    "strategy", "temp", "source", "key", Column("about", overflow="fold"),
                    title=f"Entries ({file if file else 'no entries file'})",
                    caption="entry id = model@version; a changed setting gives a new version")
    for name, entry in load_entries(entries_file).items():
        temperature = "" if entry.temperature is None else f"{entry.temperature:g}"
        entries.add_row(name, entry.model, entry.entry_id.rpartition("@")[2], entry.strategy, temperature, entry.source,
                        key_status(entry, keys), entry.about.line() if entry.about else "")
    out.print(entries)


def build_request(prompt: str, images: list[Path], system: str | None, json_mode: bool,
                  max_tokens: int | None) -> Request:
    parts: list[str | ImagePart] = []
    for path in images:
        try:
            data = read_image_file(path)
            info = inspect_bytes(data, str(path))
        except ImageProblem as exc:
            raise ImageError(str(exc)) from exc
        parts.append(ImagePart(data=data, media_type=info.media_type))
    messages = ([Message.system(system)] if system else []) + [Message.user(*parts, prompt)]
    return Request(messages=messages, json_mode=json_mode, max_tokens=max_tokens)


@app.command("try")
def try_model(
    spec: str = typer.Argument(..., help="Entry name, or provider/model (e.g. mock/echo, openai/gpt-4o)."),
    prompt: str = typer.Option("Describe what you see in one sentence.", "--prompt", "-p", help="User text."),
    image: list[Path] = ImagesOpt,
    system: str = typer.Option(None, "--system", help="System prompt."),
    option: list[str] = OptionsOpt,
    json_mode: bool = typer.Option(False, "--json", help="Ask for a JSON object."),
    max_tokens: int = typer.Option(None, "--max-tokens", help="Output token limit."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Bypass the response cache."),
    entries_file: Path = EntriesOpt,
) -> None:
    """Send one request to an entry and print the answer, status, tokens, latency and cost."""
    entry = resolve_entry(spec, option, load_entries(entries_file))
    if entry.is_builtin:
        raise ConfigError(f"{entry.name} is a built-in agent that plays games; it does not answer prompts")
    request = build_request(prompt, image, system, json_mode, max_tokens)

    async def run() -> None:
        async with ModelClient(provider_limits=provider_limits(entries_file)) as client:
            client.check_entries(entry)
            response = await client.generate(entry, request, no_cache=no_cache)
        out.print(Text(response.text) if response.text else Text("(no text)", style="dim"))
        cost = "unknown" if response.cost_usd is None else f"${response.cost_usd:.6f}"
        out.print(f"[dim]{entry.entry_id} | status {response.status} | tokens {response.prompt_tokens} in, "
                  f"{response.completion_tokens} out | {response.latency_ms:.0f} ms | cost {cost}"
                  f"{' | cached' if response.cached else ''} | attempts {response.attempts}[/]")
        if response.error:
            out.print(Text(response.error, style="red"))
        if response.status != "ok":
            raise typer.Exit(2)

    asyncio.run(run())


def print_report(report: SmokeReport, console: Console = out) -> None:
    """The smoke report as two rich tables: the checks, then the entry's games."""
    checks = Table(Column("check", no_wrap=True), "result", Column("detail", overflow="fold"),
                   title=f"arena models check {report.entry_name} ({report.entry_id})")
    for check in report.checks:
        checks.add_row(check.name, "[green]pass[/]" if check.passed else "[red]FAIL[/]", Text(check.detail))
    console.print(checks)
    games = Table("side", "case", "status", "legal", "calls", "statuses", "tokens in/out", "cost", "images sent",
                  title="Games (the checked entry's roles only)")
    for g in report.games:
        cost = "unknown" if g.cost_usd is None else f"${g.cost_usd:.4f}"
        statuses = ", ".join(f"{s} {n}" for s, n in sorted(g.statuses.items()))
        games.add_row(g.side, g.script_id, g.status, f"{g.legal}/{g.decisions}", str(g.calls), statuses,
                      f"{g.input_tokens}/{g.output_tokens}", cost, str(g.images_sent))
    console.print(games)
    latency = report.latency_ms
    verdict = "[bold green]PASSED[/]" if report.passed else "[bold red]FAILED[/]"
    console.print(f"{verdict}  legal share {report.legal_share:.0%} | parse failures {report.parse_failures} | "
              f"latency mean {latency['mean']:.0f} ms, max {latency['max']:.0f} ms", highlight=False)


@app.command("check")
def check_model(
    spec: str = typer.Argument(..., help="Entry name, or provider/model (e.g. mock/player, openai/gpt-4o)."),
    option: list[str] = OptionsOpt,
    entries_file: Path = EntriesOpt,
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Bypass the response cache."),
    script: str = typer.Option(None, "--script", help="Case id or folder (default: the smallest bundled case)."),
    seed: int = typer.Option(0, help="Game seed."),
    rounds: int = typer.Option(1, min=1, max=20, help="Discussion rounds per game."),
    compare: bool = typer.Option(False, "--compare-structured",
                                 help="Play the match with structured outputs and with them off; report the "
                                      "parse-error rate of each."),
    db: Path | None = DbOpt,
) -> None:
    """Play one short match (both sides) against builtin/random; exit non-zero unless the entry plays legally."""
    entry = resolve_entry(spec, option, load_entries(entries_file))
    if entry.is_builtin:
        raise ConfigError(f"{entry.name} is a built-in agent; `arena models check` is for model entries")
    case = resolve_script(script) if script else None
    if compare:
        run_comparison(entry, case, seed, rounds, no_cache, as_json)
        return

    recorder = game_recorder(Store(default_db_path(db))) if db is not None else None

    async def run() -> SmokeReport:
        async with ModelClient(use_cache=not no_cache, provider_limits=provider_limits(entries_file)) as client:
            client.check_entries(entry)  # provider known, key set: before the first call
            return await smoke_check(entry, client, script=case, seed=seed, rounds=rounds, pre_checks=(dialect_check,),
                                     extra_checks=(qa_check(case, seed=seed),), on_game=recorder)

    report = asyncio.run(run())
    if as_json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        print_report(report)
    if not report.passed:
        raise typer.Exit(2)


def game_recorder(store: Store) -> Callable[[PlayedGame], None]:
    """Records each game of the check as `arena play` records a game: its entries (earlier versions of a
    name are not deprecated), the case, and the game with its events and abort reason."""

    def record(played: PlayedGame) -> None:
        write = game_write(None, played.result.events, script=script_ref(played.script), seed=played.seed,
                           civilians=played.civilians.entry_id, murderer=played.murderer.entry_id,
                           started_at=played.started_at, latencies=[t.latency_ms for t in played.result.timings])
        record_single_game(store, write, [EntryRecord.from_entry(e) for e in (played.civilians, played.murderer)],
                           played.script, deprecate_previous=False)

    return record


def run_comparison(entry: Entry, case: Script | None, seed: int, rounds: int, no_cache: bool, as_json: bool) -> None:
    """`arena models check --compare-structured`: the parse-error rate with and without structured outputs."""

    async def run() -> StructuredComparison:
        async with ModelClient(use_cache=not no_cache) as client:
            client.check_entries(entry)
            return await compare_structured(entry, client, script=case, seed=seed, rounds=rounds)

    result = asyncio.run(run())
    if as_json:
        print(json.dumps(result.to_dict(), indent=2))
        return
    table = Table("structured", "calls", "parse failures", "parse-error rate", "legal share",
                  title=f"arena models check --compare-structured {entry.name}")
    for label, report in ((f"with ({result.mode_with})", result.with_), ("without (off)", result.without)):
        calls = sum(g.calls for g in report.games)
        table.add_row(label, str(calls), str(report.parse_failures),
                      f"{result.parse_error_rate(report):.1%}", f"{report.legal_share:.0%}")
    out.print(table)

"""`arena import`: turn WhodunitBench, MIRAGE and WellPlay (PLAYER*) data into validated cases.

Each command finds the dataset's cases under DIR, writes `OUTDIR/<slug>/script.yaml` (+ `roles/`,
`images/`) per case, validates it, and prints one line per case; `--report` adds the counts per
suite and every skipped item with its reason. Exit status 1 when any case fails.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from arena.errors import ConfigError, DatasetError
from arena.importers import mirage, wellplay, whodunitbench
from arena.importers.case import ImportedCase, ImportReport
from arena.importers.writer import write_case

app = typer.Typer(help="Import cases from the WhodunitBench, MIRAGE and WellPlay (PLAYER*) datasets.",
                  no_args_is_help=True)
out = Console(soft_wrap=True)  # piped output is never hard-wrapped mid-command

DirArg = typer.Argument(..., exists=True, file_okay=False, help="Dataset folder (searched recursively).")
OutOpt = typer.Option(..., "--out", "-o", help="Folder to write the cases into (one sub-folder per case).")
ReportOpt = typer.Option(False, "--report", help="Print counts per suite and every skipped item with its reason.")
OverwriteOpt = typer.Option(False, "--overwrite", help="Replace existing case folders that are not earlier imports.")
CulpritOpt = typer.Option(None, "--culprit", help="Culprit's character name (repeat for several); only when DIR "
                          "holds one script.")
CulpritsFileOpt = typer.Option(None, "--culprits-file", exists=True, dir_okay=False,
                               help="YAML/JSON mapping script title -> culprit name or list of names.")
VictimOpt = typer.Option(None, "--victim", help="Victim's name, when it cannot be found in the data.")


def print_report(report: ImportReport, detailed: bool) -> None:
    q = report.questions
    status = "[green]ok[/]  " if report.ok else "[red]FAIL[/]"
    out.print(f"{status} {report.path}: {report.roles} roles, {report.clues} clues ({report.images} images), "
              f"questions lsu {q['lsu']} / tiu {q['tiu']} / miu {q['miu']} / mmr {q['mmr']}, "
              f"{len(report.skipped)} skipped", highlight=False, soft_wrap=True)
    for problem in report.problems:
        out.print(f"  - {problem}", markup=False, highlight=False, soft_wrap=True)
    if detailed and not report.skipped:
        out.print(f"  {report.slug}: nothing skipped", highlight=False)
    if detailed and report.skipped:
        out.print(f"  {report.slug}: {len(report.skipped)} skipped item(s):", highlight=False)
        for item in report.skipped:
            out.print(f"  - {item.item}: {item.reason}", markup=False, highlight=False, soft_wrap=True)


def run_imports(cases: list[Path], make: Callable[[Path], ImportedCase], out_dir: Path, report: bool,
                overwrite: bool) -> None:
    failed = 0
    for folder in cases:
        try:
            result = write_case(make(folder), out_dir, overwrite)
        except DatasetError as exc:  # a broken case; a wrong option (ConfigError) stops the command
            failed += 1
            out.print(f"[red]FAIL[/] {escape(str(folder))}: {escape(str(exc))}", highlight=False, soft_wrap=True)
            continue
        print_report(result, report)
        failed += 0 if result.ok else 1
    if failed:
        raise typer.Exit(1)


def require(cases: list[Path], what: str, root: Path) -> list[Path]:
    if not cases:
        raise DatasetError(f"no {what} found under {root}")
    return cases


@app.command("whodunitbench")
def import_whodunitbench(directory: Path = DirArg, out_dir: Path = OutOpt, report: bool = ReportOpt,
                         overwrite: bool = OverwriteOpt) -> None:
    """One case per env_p_all.json (with the sibling img/ folder) found under DIR."""
    cases = require(whodunitbench.discover(directory), "env_p_all.json", directory)
    run_imports(cases, lambda f: whodunitbench.import_case(f, directory), out_dir, report, overwrite)


@app.command("mirage")
def import_mirage(
    directory: Path = DirArg,
    out_dir: Path = OutOpt,
    culprit: list[str] = CulpritOpt,
    culprits_file: Path = CulpritsFileOpt,
    victim: str = VictimOpt,
    report: bool = ReportOpt,
    overwrite: bool = OverwriteOpt,
) -> None:
    """MIRAGE scripts (script.json + clues.json, Truth.json above). The culprit must be named: MIRAGE's data
    does not record it, and the importer refuses to guess."""
    cases = require(mirage.discover(directory), "MIRAGE script (script.json + clues.json)", directory)
    mapping = mirage.read_culprits_file(culprits_file) if culprits_file else {}
    if culprit and len(cases) > 1:
        raise ConfigError(f"--culprit names the culprit of one script, but {directory} holds {len(cases)}; "
                          "use --culprits-file with one entry per script title")
    wanted = {f: list(culprit) if culprit else mapping.get(f.name, []) for f in cases}
    for folder, names in wanted.items():  # refuse before writing anything
        if not names:
            raise ConfigError(f"MIRAGE does not record the culprit of {folder.name!r}; name it with --culprit NAME "
                              "or a --culprits-file entry for that title. The importer never guesses a culprit.")
    run_imports(cases, lambda f: mirage.import_case(f, directory, wanted[f], victim), out_dir, report, overwrite)


@app.command("wellplay")
def import_wellplay(directory: Path = DirArg, out_dir: Path = OutOpt, report: bool = ReportOpt,
                    overwrite: bool = OverwriteOpt) -> None:
    """WellPlay / PLAYER* cases: json/<role>.json + final_result/<role>.csv per case folder."""
    cases = require(wellplay.discover(directory), "WellPlay case (json/ folder of roles)", directory)
    run_imports(cases, lambda f: wellplay.import_case(f, directory), out_dir, report, overwrite)


"""The application layer: what the arena does, as typed functions that the commands (`arena.cli`), the board
(`leaderboard.ui`) and the benchmarks call alike. It parses no command line and prints nothing.

- `games`: play and record one game (`arena play`), with the one after-game hook protocol
  (`arena.tournament.run.AfterGame`);
- `tournaments`: run a planned tournament here or on Ray workers;
- `qa`, `qa_batch`: the QA suites for one entry, direct or through a provider batch, and their cost estimate;
- `table3`: the Table-3 protocol after its games (judging, QA, the rows);
- `judge_batch`: transcript scoring through a provider batch;
- `probes`: the post-game probes as an after-game hook;
- `authoring`: a model entry writes a checked case's role scripts from their fact plans (`arena generate --author`).
"""

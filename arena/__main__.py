"""`python -m arena`: the same command line as the `arena` console script."""

from arena.cli import main

main()

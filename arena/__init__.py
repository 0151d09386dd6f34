"""Whodunit Arena: vision-language agents play murder mystery games against each other."""

__version__ = "0.1.0"

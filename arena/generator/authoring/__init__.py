"""Authoring mode: a model writes a checked case's role scripts from its fact plan, and the rules (and, where one
is given, a judge) read every fact back before the case is kept. See docs/generator.md, "Authoring mode"."""

"""Importers for the public murder-mystery datasets: WhodunitBench, MIRAGE and WellPlay (PLAYER*).

Each importer reads one dataset's own layout and produces `ImportedCase`s in this project's script
format; `write_case` writes and validates them. The sources carry no licence: imported cases are
for research use of the original data only and are never redistributed with this project.
"""

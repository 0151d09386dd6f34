"""Images for the arena: format sniffing, checks, resizing and encoding, clue cards, OCR, retrieval.

This package imports nothing from `arena`; agents, adapters and suites use it as a library.
"""

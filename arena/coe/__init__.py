"""Chain of evaluation: perception and cognition QA suites, transcript metrics, judges and reports."""

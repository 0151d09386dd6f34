"""Built-in agents that need no key and no network: `builtin/random` and `builtin/naive`."""

"""One hand of hold'em as a pure state machine (``rules.md`` §3–9, §12–13)."""

"""The JSON-lines client (:mod:`pokerroom.net.jsonl.client`) in this process."""

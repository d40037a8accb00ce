"""pokerroom's JSON-lines protocol over TCP: the asyncio adapters around the sans-I/O
core of :mod:`pokerroom.jsonproto`.

- :mod:`~pokerroom.net.jsonl.server`: the dealer's port (players with their seat's token,
  spectators), around :class:`~pokerroom.jsonproto.dealer.JSONDealer`;
- :mod:`~pokerroom.net.jsonl.client`: a player at a JSON-lines dealer
  (:class:`~pokerroom.net.jsonl.client.JSONClient` is its side without I/O), over asyncio,
  a blocking socket or standard input and output.

The JSON Schemas of every message are in ``pokerroom/net/schema/``.
"""

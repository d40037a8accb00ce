"""pokerroom's JSON protocol (``protocols.md`` §3) without I/O: what every transport of it
speaks (the JSON-lines socket server of :mod:`pokerroom.net.jsonl` today).

- :mod:`~pokerroom.jsonproto.codec`: views, actions, events and results as JSON;
- :mod:`~pokerroom.jsonproto.messages`: versioned, typed messages, limits, per-connection
  roles and rate;
- :mod:`~pokerroom.jsonproto.dealer`: a match as a state machine (seats with tokens,
  spectators, numbered decisions);
- :mod:`~pokerroom.jsonproto.notices`: the dealer's messages as a client reads them,
  typed;
- :mod:`~pokerroom.jsonproto.client`: a player's side (the dealer's lines in, the
  player's answers out).

It sits above the core (it plays a :class:`~pokerroom.table.Table` through the
:class:`~pokerroom.players.Runner`) and imports no adapter: no sockets, no clock
(``now`` is given).  The JSON Schemas of every message are in ``pokerroom/net/schema/``.
"""

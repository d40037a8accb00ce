"""ACPC protocol 2.0.0 over TCP: the pure core and the asyncio layer around it.

- :mod:`~pokerroom.net.acpc.protocol`: ``MATCHSTATE`` lines, reading a player's reply as
  the reference dealer does, its treatment of invalid actions;
- :mod:`~pokerroom.net.acpc.dealer`: a match at a :class:`~pokerroom.table.Table` as a
  state machine (what is sent, read and logged);
- :mod:`~pokerroom.net.acpc.seat`: the lines a player receives, as
  :class:`~pokerroom.engine.PlayerView` objects;
- :mod:`~pokerroom.net.acpc.server`: the asyncio dealer (a port per seat, the log and the
  transcript);
- :mod:`~pokerroom.net.acpc.client`: a player at an ACPC dealer
  (:class:`~pokerroom.net.acpc.client.ACPCClient` is its side without I/O).

The game definitions and the dealer's logs are the history's
(:mod:`pokerroom.history.acpc`, :mod:`pokerroom.history.acpclog`): replays read them too.
"""

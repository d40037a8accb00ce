"""The network dealer: poker programs play through pokerroom over TCP.

Two protocols, each a pure core that turns lines into events and events into lines
(no sockets, no clock: the "sans-I/O" shape of h11), and a thin asyncio layer around
them:

- :mod:`pokerroom.net.acpc`: the ACPC protocol 2.0.0 (``MATCHSTATE`` messages, reply
  reading and the reference dealer's treatment of invalid actions);
  :mod:`pokerroom.net.acpcdealer` runs an ACPC match over it and
  :mod:`pokerroom.net.acpcseat` turns the messages a player receives into
  :class:`~pokerroom.engine.PlayerView` objects;
- :mod:`pokerroom.net.jsonlines`: pokerroom's own JSON-lines protocol (versioned,
  typed messages, a token per seat, replies numbered so a stale one is refused); its
  JSON Schemas are in ``pokerroom/net/schema/``;
- :mod:`pokerroom.net.server` and :mod:`pokerroom.net.client`: the asyncio servers and
  clients (one task per connection, one task owning the game, a timeout per action).
"""

"""The network dealer: poker programs play through pokerroom over TCP.

Two protocols, each a pure core that turns lines into events and events into lines
(no sockets, no clock: the "sans-I/O" shape of h11), and a thin asyncio layer around
them:

- ACPC protocol 2.0.0: :mod:`~pokerroom.net.acpc` (``MATCHSTATE`` lines, reading a
  player's reply as the reference dealer does, its treatment of invalid actions),
  :mod:`~pokerroom.net.acpcdealer` (a match at a :class:`~pokerroom.table.Table`: what
  is sent, read and logged), :mod:`~pokerroom.net.acpcseat` (the lines a player
  receives as :class:`~pokerroom.engine.PlayerView` objects);
- pokerroom's JSON lines: :mod:`~pokerroom.net.jsonlines` (versioned, typed messages,
  limits, per-connection roles and rate), :mod:`~pokerroom.net.jsoncodec` (views,
  actions, events and results as JSON), :mod:`~pokerroom.net.jsondealer` (a match: seats
  with tokens, spectators, numbered decisions); the JSON Schemas of every message are in
  ``pokerroom/net/schema/``;
- asyncio: :mod:`~pokerroom.net.server` (connections, caps, the operator's log, and the
  ACPC server), :mod:`~pokerroom.net.jsonserver`, and the clients
  :mod:`~pokerroom.net.client` (ACPC; :class:`~pokerroom.net.client.ACPCClient` is its
  side without I/O) and :mod:`~pokerroom.net.jsonclient` (its side without I/O,
  :class:`~pokerroom.net.jsonclient.JSONClient`): a timeout per decision, bounded queues
  and writes that never wait for a slow reader.
"""

"""The network dealer: poker programs play through pokerroom over TCP.

Two protocols, each a pure core that turns lines into events and events into lines
(no sockets, no clock: the "sans-I/O" shape of h11), and a thin asyncio layer around
them, laid out by protocol:

- :mod:`pokerroom.net.acpc`: ACPC protocol 2.0.0 (its core, dealer, seat, server and
  client);
- :mod:`pokerroom.net.jsonl`: pokerroom's JSON lines over TCP (the server and the
  client), around the protocol's sans-I/O core, :mod:`pokerroom.jsonproto` (messages,
  codec, the dealer's state machine), which other transports can speak too; the JSON
  Schemas of every message are in ``pokerroom/net/schema/``;
- :mod:`pokerroom.net.links`: the socket plumbing both share (connections, listeners,
  line buffers, the operator's log): a timeout per decision, bounded queues and writes
  that never wait for a slow reader.
"""

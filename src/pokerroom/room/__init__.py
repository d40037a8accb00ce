"""The room: a lobby and many tables where people play people (and bots) from a web
browser, over WebSockets that speak the JSON protocol of ``serve json`` (one protocol
core, :mod:`pokerroom.jsonproto`, two transports).  ``pokerroom serve room`` starts it
(the command line gives it its store: :mod:`pokerroom.storage.room`).

Modules: :mod:`~pokerroom.room.people` (names, sessions), :mod:`~pokerroom.room.chat`,
:mod:`~pokerroom.room.sitgo` (settings, levels, payouts), :mod:`~pokerroom.room.store`
(what the room keeps), :mod:`~pokerroom.room.tables` (a table and its connections),
:mod:`~pokerroom.room.room` (the room), :mod:`~pokerroom.room.app` (the web
application).
"""

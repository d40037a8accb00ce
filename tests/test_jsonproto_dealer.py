"""The JSON-lines dealer (pokerroom.jsonproto.dealer) driven in-process."""

"""pokerroom: a complete Texas hold'em cardroom in Python."""

__version__ = "0.1.0"

"""The league's one record: a hub's store of every laptop's sessions, the keys that send and read
them, and the client that ships a data folder's sessions to a hub.

The SQL library (SQLAlchemy Core, over SQLite or PostgreSQL) is imported here only.
"""

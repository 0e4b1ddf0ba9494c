"""The phone scoreboard: one stored session served read-only to the table's phones.

`links` (address, token), `errors` and `process` (the server as a child process) are light;
`server`, `board` and `pages` load the web stack (Starlette, uvicorn, Jinja2), so nothing here
imports them for the app or the other commands.
"""

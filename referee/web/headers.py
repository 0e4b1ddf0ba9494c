"""The security headers every answer of the scoreboard's server carries, its own errors included."""

from __future__ import annotations

SECURITY_HEADERS: list[tuple[str, str]] = [
    # The page loads only what this server serves: no inline script, no other origin.
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("X-Content-Type-Options", "nosniff"),
    # The token is in the address: never hand it to another site.
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Cache-Control", "no-store"),
    # A page of another site that opens this one (or is opened by it) gets no handle on it, and
    # no other site may load its responses (the board, the script) into its own pages.
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    # The board needs none of the phone's sensors or devices: none may be asked for, by the page
    # or by anything that would find its way into it.
    (
        "Permissions-Policy",
        "accelerometer=(), bluetooth=(), camera=(), display-capture=(), geolocation=(), "
        "gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), "
        "publickey-credentials-get=(), serial=(), usb=(), xr-spatial-tracking=()",
    ),
]
"""Given to uvicorn as its default headers (`uvicorn.Config(headers=...)`), so that its own
answers (the 500 of a failure, and the 400 of a malformed request through `connections`) carry
them as the app's do."""

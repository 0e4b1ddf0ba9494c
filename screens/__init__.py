"""The Textual app (issue 5); the engine never imports this package."""

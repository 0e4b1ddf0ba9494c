"""SVG snapshots of the key screens, at one size, made deterministic by the conftest."""

__all__: list[str] = []

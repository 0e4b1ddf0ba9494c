"""The session notation: parser and formatter for `.uno` files."""

"""An event: one venue, many tables, rounds seated and scored under the event's rules."""

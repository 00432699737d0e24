"""Commands of this topic; filled in by its issue."""
commands: list = []

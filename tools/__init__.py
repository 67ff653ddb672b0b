"""The project's own tools (not shipped): build.py's steps live in tools/site/."""

"""The pictures of docs/embedding.md: SVG diagrams drawn by `python3 -m pyscript_app diagram`
(the command's own code, the page's too) from the sources beside them.

    python3 tools/docs_pictures.py      draw every picture again into docs/pictures/

docs/pictures/pictures.json names each picture's source file (a jaipur-position/1 or
jaipur-game/1 there) and the command's options. tests/test_docs_pictures.py draws them the
same way and fails when a committed picture differs, so the guide's pictures never go stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ROOT / "docs" / "pictures"


def pictures() -> dict[str, list[str]]:
    """picture file name -> [source file name, option, ...] (pictures.json)."""
    return json.loads((PICTURES / "pictures.json").read_text(encoding="utf-8"))


def draw(source_and_options: list[str]) -> bytes:
    """The bytes `python3 -m pyscript_app diagram SOURCE OPTIONS...` writes to standard output."""
    from pyscript_app.blog.cli import build_parser

    source, *options = source_and_options
    args = build_parser().parse_args(["diagram", str(PICTURES / source), *options])
    return args.run(args).encode("utf-8") + b"\n"


def main() -> int:
    for name, spec in pictures().items():
        (PICTURES / name).write_bytes(draw(spec))
        print(f"docs/pictures/{name}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())

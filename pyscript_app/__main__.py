"""`python3 -m pyscript_app diagram …` and `python3 -m pyscript_app embed …` (blog/cli.py)."""

import sys

from .blog.cli import main

sys.exit(main())

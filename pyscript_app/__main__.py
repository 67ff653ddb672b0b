"""`python3 -m pyscript_app diagram …` (blog/cli.py)."""

import sys

from .blog.cli import main

sys.exit(main())

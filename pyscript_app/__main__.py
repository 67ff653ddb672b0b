"""`python3 -m pyscript_app diagram …` (diagram_cli.py)."""

import sys

from .diagram_cli import main

sys.exit(main())

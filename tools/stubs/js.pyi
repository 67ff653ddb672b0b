# The page's JavaScript global scope (window): any global, typed as Any.
from typing import Any

def __getattr__(name: str) -> Any: ...

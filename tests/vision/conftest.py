"""Make `import vision` load the real package.

The venv's editable install was made while the package folders were still empty, so its
finder registers `vision` as a namespace package (no __init__). Putting the repository
first on sys.path and dropping any namespace stand-in fixes that for these tests; a
re-run of `pip install -e .` fixes it for good.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
_mod = sys.modules.get("vision")
if _mod is not None and getattr(_mod, "__file__", None) is None:
    for name in [n for n in sys.modules if n == "vision" or n.startswith("vision.")]:
        del sys.modules[name]

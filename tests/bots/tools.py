"""Load a script of ``tools/`` as a module, for the tests of the bots' tools."""

import importlib.util
from pathlib import Path

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str):
    """``tools/<name>.py`` imported under ``name`` (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

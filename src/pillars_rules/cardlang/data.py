"""Where the shipped data (card files, grammar) lives, installed or in a checkout."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parents[1]  # the pillars_rules package folder


def data_dir(name: str) -> Path:
    """The ``cards`` or ``grammar`` folder.

    An installed wheel carries them as ``pillars_rules/_data/<name>``; an
    editable install or a checkout uses the top-level folders of the repository.
    """
    packaged = _PKG / "_data" / name
    if packaged.is_dir():
        return packaged
    checkout = _PKG.parent.parent / name
    if checkout.is_dir():
        return checkout
    raise FileNotFoundError(
        f"pillars-rules data folder {name!r} not found (looked in {packaged} and {checkout}); "
        "the installation is incomplete -- reinstall the package"
    )

"""Sphinx configuration of pokerroom's documentation (``make docs``)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

from pokerroom import __version__  # noqa: E402

project = "pokerroom"
author = "pokerroom contributors"
copyright = "pokerroom contributors"
release = version = __version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "pokerroom_docs",
]

source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "README.md"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

html_theme = "furo"
html_title = f"pokerroom {release}"
html_static_path: list[str] = []
html_theme_options = {"navigation_with_keys": True}
pygments_style = "friendly"
pygments_dark_style = "monokai"

# The API reference: public names only (each module's __all__), in source order.
autodoc_default_options = {
    "members": True,
    "member-order": "bysource",
    "show-inheritance": True,
}
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_preserve_defaults = True
autoclass_content = "class"
add_module_names = False
autodoc_inherit_docstrings = False
smartquotes = False  # "--games" stays two hyphens

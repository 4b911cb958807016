"""Production settings: the environment-driven settings with DEBUG off unless set."""

from __future__ import annotations

import os

os.environ.setdefault("DEBUG", "0")

from annotation_site.settings import *  # noqa: F403

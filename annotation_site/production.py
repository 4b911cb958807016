"""Production settings: the environment-driven settings with the deployment hardening on."""

from __future__ import annotations

import os

os.environ.setdefault("PRODUCTION", "1")

from annotation_site.settings import *  # noqa: F403

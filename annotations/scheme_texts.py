"""The fixed texts of the scheme's questions, shown beside each control in the workspace:
TofuEval's relevance anchors and the topic categories' definitions (written for this project
from the TofuEval instructions). Pure data."""

from __future__ import annotations

RELEVANCE_ANCHORS: list[dict[str, object]] = [
    {
        "value": 1,
        "label": "Not relevant",
        "description": "Not relevant at all: the summary is about something else entirely.",
    },
    {
        "value": 2,
        "label": "Mostly irrelevant",
        "description": "Mostly irrelevant: the topic appears only in passing.",
    },
    {
        "value": 3,
        "label": "Partly relevant",
        "description": (
            "About half of the summary is about the topic, the rest about other parts"
            " of the dialogue."
        ),
    },
    {
        "value": 4,
        "label": "Mostly relevant",
        "description": "About the topic, with a small digression.",
    },
    {
        "value": 5,
        "label": "Fully relevant",
        "description": "Entirely focused on the topic.",
    },
]

TOPIC_CATEGORIES: list[dict[str, str]] = [
    {
        "value": "main",
        "label": "Main",
        "description": "A central topic of the dialogue, discussed at length.",
    },
    {
        "value": "marginal",
        "label": "Marginal",
        "description": "Mentioned in the dialogue, but only briefly or in passing.",
    },
    {
        "value": "irrelevant",
        "label": "Irrelevant",
        "description": "Not discussed in the dialogue.",
    },
]

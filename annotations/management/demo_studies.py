"""What ``load_demo`` loads: the demo users and the demo studies, as data.

The first study reproduces TofuEval (fixtures/demo). The second annotates with the dialogue
LLM taxonomy of the circumstantial-inference study and asks for error spans with their
evidence in the dialogue (fixtures/demo-dialogue); its planted errors are listed with their
spans and evidence turns in its answer_key.json. The third asks for key facts aligned to
the summaries and atomic facts verified against the dialogue (TofuEval's Task 2 and
ACUEval, docs/completeness.md), on the second study's dialogues (fixtures/demo-facts), with
a closed pilot of written key facts beside the open one.
Studies load in this order, and the first must stay first: its golden payloads
(fixtures/payloads/) depend on its database ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from annotations.models import Role

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
PASSWORD = "demo"
# username, full name, role in every demo study, staff
USERS = [
    ("admin", "Ada Admin", Role.ADMIN, True),
    ("linguist1", "Lena Linguist", Role.ANNOTATOR, False),
    ("linguist2", "Luis Linguist", Role.ANNOTATOR, False),
    # A third annotator, outside the pilots: error typing asks at least three per sentence
    # (docs/review.md), so a demo admin can make an error-typing round from a pilot.
    ("linguist3", "Lior Linguist", Role.ANNOTATOR, False),
    ("reviewer", "Rita Reviewer", Role.REVIEWER, False),
    # Every review decision has a second reviewer, who is someone else.
    ("reviewer2", "Remy Reviewer", Role.REVIEWER, False),
    ("researcher", "Ravi Researcher", Role.RESEARCHER, False),
]


@dataclass(frozen=True)
class Study:
    slug: str
    name: str
    taxonomy: str
    # The folder with corpus.jsonl and guidelines.md.
    directory: Path
    changelog: str
    # Seeds the pilot's summary orders.
    seed: int
    # Scheme switches that differ from the defaults (TofuEval's questions).
    scheme: dict[str, bool] = field(default_factory=dict)
    # The corpus, when not the directory's own corpus.jsonl (a study of another's dialogues).
    corpus: Path | None = None
    # A closed round loaded beside the open pilot (annotations/management/demo_submitted.py).
    submitted: Path | None = None

    @property
    def corpus_path(self) -> Path:
        return self.corpus or self.directory / "corpus.jsonl"


STUDIES = (
    Study(
        slug="demo",
        name="Demo study (TofuEval scheme)",
        taxonomy="tofueval",
        directory=FIXTURES / "demo",
        changelog="First version, written from the TofuEval instructions.",
        seed=20261121,
    ),
    Study(
        slug="demo-dialogue",
        name="Demo study (dialogue errors, spans and evidence)",
        taxonomy="dialogue-llm",
        directory=FIXTURES / "demo-dialogue",
        changelog="First version: the dialogue error types, error spans and required evidence.",
        seed=20261205,
        # As in the span-level study: where each error is and what in the dialogue shows it;
        # that study asked no relevance or topic questions.
        scheme={
            "error_spans": True,
            "evidence": True,
            "require_evidence": True,
            "relevance": False,
            "topic_category": False,
        },
    ),
    Study(
        slug="demo-facts",
        name="Demo study (key facts and atomic facts)",
        taxonomy="tofueval",
        directory=FIXTURES / "demo-facts",
        corpus=FIXTURES / "demo-dialogue" / "corpus.jsonl",
        submitted=FIXTURES / "demo-facts" / "submitted_round.json",
        changelog="First version: key facts written and aligned, atomic facts verified.",
        seed=20261123,
        scheme={
            "consistency": False,
            "error_types": False,
            "relevance": False,
            "not_a_summary": False,
            "comment": False,
            "topic_category": False,
            "completeness": True,
            "atomic_facts": True,
            # A demo shows what the scores are; a study decides (docs/completeness.md).
            "show_fact_scores": True,
        },
    ),
)

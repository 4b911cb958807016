"""An assisted study for the tests of assisted rounds (docs/models-in-the-loop.md): a project
whose corpus run (made directly with the ORM) has a verdict, explanation and evidence on every
sentence, and an open pilot round that reveals them in half the (annotator, unit) pairs.

Every piece of model content carries a marker no linguist-facing response may contain in an
unassisted unit: the evaluator's name, the run's version and the explanations' text."""

from __future__ import annotations

from dataclasses import dataclass

from annotations.models import (
    Assignment,
    CorpusRun,
    Evaluator,
    Membership,
    Project,
    Role,
    Round,
    SummarySentence,
)
from annotations.services.rounds import round_create, round_open
from tests.corpus_predictions import store_predictions
from tests.factories import (
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
    TurnFactory,
    UserFactory,
)

EVALUATOR_NAME = "secret-judge-gpt"
RUN_VERSION = "prompt-v7-secret"
EXPLANATION_MARK = "MODEL-EXPLAINS"
SYSTEMS = ("sys-alpha", "sys-beta", "sys-gamma")
LINGUISTS = ("assist1", "assist2")


@dataclass
class AssistedStudy:
    project: Project
    round: Round
    run: CorpusRun

    def assignments(self, username: str, *, assisted: bool) -> list[Assignment]:
        return list(
            Assignment.objects.filter(
                round=self.round, annotator__username=username, assisted=assisted
            ).order_by("pk")
        )


def assisted_study(*, units: int = 8, share: float = 0.5, seed: int = 3) -> AssistedStudy:
    project = ProjectFactory(ask_error_spans=True)
    GuidelineFactory(project=project, version=1)
    for name in LINGUISTS:
        Membership.objects.create(
            project=project, user=UserFactory(username=name), role=Role.ANNOTATOR
        )
    evaluator = Evaluator.objects.create(project=project, name=EVALUATOR_NAME, kind="llm")
    sentences: list[SummarySentence] = []
    for unit in range(units):
        document = DocumentFactory(corpus__project=project)
        for position in range(3):
            TurnFactory(document=document, position=position, text=f"Turn {position} of {unit}.")
        topic = TopicFactory(document=document)
        for rank, system in enumerate(SYSTEMS):
            summary = SummaryFactory(topic=topic, system=system, position=rank)
            for number in range(2):
                sentences.append(
                    SentenceFactory(summary=summary, position=number, text=f"Claim {number}.")
                )
    run = CorpusRun.objects.create(
        project=project,
        evaluator=evaluator,
        version=RUN_VERSION,
        source_name="run.jsonl",
        sha256="0" * 64,
        sentences=len(sentences),
        has_labels=True,
        has_scores=True,
    )
    store_predictions(
        run,
        (
            {
                "summary_id": sentence.summary_id,
                "sentence_id": sentence.pk,
                "label": "inconsistent" if index % 2 else "consistent",
                "score": 0.25 if index % 2 else 0.75,
                "explanation": f"{EXPLANATION_MARK} {index}: the dialogue says otherwise.",
                "evidence": [1],
                "spans": [[0, 5]],
            }
            for index, sentence in enumerate(sentences)
        ),
    )
    round_, _ = round_create(
        project=project,
        name="Assisted pilot",
        kind="pilot",
        overlap=2,
        guideline_version=1,
        annotators=list(LINGUISTS),
        sample=units,
        seed=seed,
        assistance={"run": run.pk, "share": share},
    )
    round_open(round=round_)
    return AssistedStudy(project=project, round=round_, run=run)

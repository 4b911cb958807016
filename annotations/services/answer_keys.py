"""Importing an answer key: a unit's gold answers, written as an admin's adjudicated values
(docs/quality.md). The file is the demo's ``answer_key.json`` layout:

    {"documents": {<doc id>: {<topic name>: {<system>: {
        "topic_category": "main", "not_a_summary": false,
        "sentences": [{"index": 1, "label": "consistent" | "inconsistent",
                       "error_types": [type names], "explanation": "..."}]}}}}}

Everything is checked before anything is written; an error names the place in the file
(document, topic, system, sentence) and what is wrong. A re-import updates the values.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from annotations.kinds import SENTENCE, TOPIC
from annotations.kinds.rows import saved_state
from annotations.models import ErrorType, Project, Summary, SummarySentence, TopicCategory
from annotations.services.adjudication_round import adjudication_open
from annotations.services.judgements import judgement_save

LABELS = ("consistent", "inconsistent")


class AnswerKeyInvalid(ValueError):
    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors[:20]))
        self.errors = errors


@dataclass(frozen=True, slots=True)
class KeyedSentence:
    topic_id: int
    sentence_id: int
    label: str
    types: list[int]
    explanation: str


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise AnswerKeyInvalid([f"{path.name}: not a readable JSON file ({error})"]) from None
    if not isinstance(data, dict) or not isinstance(data.get("documents"), dict):
        raise AnswerKeyInvalid([f'{path.name}: expected {{"documents": {{...}}}}'])
    return data["documents"]


def _checked(
    project: Project, documents: dict[str, Any]
) -> tuple[list[KeyedSentence], dict[int, str]]:
    """The key's sentences and topic categories by id, or every error found."""
    errors: list[str] = []
    summaries = {
        (doc, topic, system): (pk, topic_id)
        for pk, doc, topic, system, topic_id in Summary.objects.filter(
            topic__document__corpus__project=project
        ).values_list("id", "topic__document__external_id", "topic__name", "system", "topic_id")
    }
    sentence_ids = {
        (summary_id, position + 1): pk
        for pk, summary_id, position in SummarySentence.objects.filter(
            summary__topic__document__corpus__project=project
        ).values_list("id", "summary_id", "position")
    }
    types = dict(
        ErrorType.objects.filter(taxonomy_id=project.taxonomy_id).values_list("name", "id")
    )
    sentences: list[KeyedSentence] = []
    categories: dict[int, str] = {}
    for doc, topics in documents.items():
        for topic, systems in (topics or {}).items() if isinstance(topics, dict) else []:
            for system, answer in (systems or {}).items() if isinstance(systems, dict) else []:
                where = f"{doc} / {topic} / {system}"
                if (doc, topic, system) not in summaries:
                    errors.append(f"{where}: no such summary in this project")
                    continue
                summary_id, topic_id = summaries[(doc, topic, system)]
                category = answer.get("topic_category", "")
                if category and category not in TopicCategory.values:
                    errors.append(
                        f"{where}: topic_category {category!r} is not one of"
                        f" {', '.join(TopicCategory.values)}"
                    )
                elif category:
                    categories[topic_id] = category
                for entry in answer.get("sentences", []):
                    index = entry.get("index")
                    at = f"{where}, sentence {index}"
                    if (summary_id, index) not in sentence_ids:
                        errors.append(f"{at}: the summary has no sentence {index}")
                        continue
                    if entry.get("label") not in LABELS:
                        errors.append(f"{at}: label is one of {', '.join(LABELS)}")
                        continue
                    unknown = [n for n in entry.get("error_types", []) if n not in types]
                    if unknown:
                        errors.append(
                            f"{at}: unknown error type(s) {', '.join(map(str, unknown))};"
                            f" the taxonomy has {', '.join(sorted(types))}"
                        )
                        continue
                    sentences.append(
                        KeyedSentence(
                            topic_id,
                            sentence_ids[(summary_id, index)],
                            entry["label"],
                            [types[n] for n in entry.get("error_types", [])],
                            str(entry.get("explanation", "")),
                        )
                    )
    if errors:
        raise AnswerKeyInvalid(errors)
    return sentences, categories


@transaction.atomic
def answer_key_import(*, project: Project, path: Path, admin: AbstractBaseUser) -> int:
    """Write the key as ``admin``'s adjudicated values, through the save pipeline (so each is
    validated and audited); return how many sentences it keys."""
    sentences, categories = _checked(project, _read(path))
    assignments: dict[int, int] = {}
    for topic_id in {s.topic_id for s in sentences} | set(categories):
        assignments[topic_id] = adjudication_open(project, topic_id, admin).pk
    for keyed in sentences:
        assignment_id = assignments[keyed.topic_id]
        _, saved = saved_state(
            SENTENCE,
            assignment_id=assignment_id,
            topic_id=keyed.topic_id,
            target_id=keyed.sentence_id,
        )
        judgement_save(
            SENTENCE,
            assignment_id=assignment_id,
            user=admin,
            version=saved["version"] if saved else 0,
            changes={
                "label": keyed.label,
                "error_types": keyed.types,
                "explanation": keyed.explanation,
            },
            target_id=keyed.sentence_id,
        )
    for topic_id, category in categories.items():
        _, saved = saved_state(
            TOPIC, assignment_id=assignments[topic_id], topic_id=topic_id, target_id=None
        )
        judgement_save(
            TOPIC,
            assignment_id=assignments[topic_id],
            user=admin,
            version=saved["version"] if saved else 0,
            changes={"category": category},
        )
    return len(sentences)

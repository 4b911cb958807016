"""The side-by-side benchmark's corpus: annotated topic-focused dialogue summaries, written
the same for both tools.

Deterministic per seed (bench/synthetic.py's text generator): each dialogue has 15-25 turns
of 20-60 words by 2-4 speakers and one topic with one summary per system (5), each summary
2-5 sentences of 12-25 words (3.5 on average: 10,000 summaries are ~35,000 sentences). Every
sentence is labelled: consistent (80 %) or inconsistent with an explanation and one or two
TofuEval error types; every topic has a category (main / marginal / irrelevant, 70/20/10).

Written for us in the layout of the public TofuEval release (docs/formats/tofueval.md), the
annotated-corpus import users run (`import_corpus --format tofueval`): the factual-consistency
CSVs (one row per sentence: label, explanation, types), the topic categories, the dev/test
split and the dialogues as native JSONL lines. Written for Label Studio as its task JSON: one
task per unit (dialogue + topic + its summaries' sentences), the labels as the task's
annotation (one choice, error types and explanation per sentence; the topic's category).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # the project root

from synthetic import SYSTEMS, TextGenerator

from annotations.formats.writers.encoding import CsvSink, verbatim

# TofuEval's error types, by the names of the public release (the project's taxonomy).
ERROR_TYPES = [
    "Extrinsic Information",
    "Mis-Referencing",
    "Stating Opinion as Fact",
    "Reasoning Error",
    "Tense/Modality Error",
    "Contradiction",
    "Nuanced Meaning Shift",
    "Other",
]
CATEGORIES = ("main", "marginal", "irrelevant")
CORPUS = "mediasum"  # the TofuEval layout names its corpora; the content is synthetic
INCONSISTENT_SHARE = 0.2


@dataclass(slots=True)
class Sentence:
    text: str
    label: str  # consistent | inconsistent
    explanation: str = ""
    types: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Summary:
    system: str
    sentences: list[Sentence]


@dataclass(slots=True)
class Unit:
    """One dialogue, its one topic and that topic's summaries."""

    doc_id: str
    split: str
    turns: list[tuple[str, str, str]]  # (speaker, role, text)
    topic: str
    category: str
    summaries: list[Summary]


@dataclass(slots=True)
class Corpus:
    units: list[Unit]

    @property
    def summaries(self) -> int:
        return sum(len(unit.summaries) for unit in self.units)

    @property
    def sentences(self) -> int:
        return sum(len(s.sentences) for unit in self.units for s in unit.summaries)

    @property
    def inconsistent(self) -> int:
        return sum(
            x.label == "inconsistent"
            for unit in self.units
            for s in unit.summaries
            for x in s.sentences
        )


def generate(summaries: int, seed: int) -> Corpus:
    """``summaries`` annotated summaries, one topic of ``len(SYSTEMS)`` per dialogue."""
    gen = TextGenerator(seed)
    rng = gen.rng
    categories: dict[str, str] = {}  # TofuEval's category file is keyed by topic name
    units: list[Unit] = []
    left = summaries
    index = 0
    while left > 0:
        speakers = [gen.speaker() for _ in range(rng.randint(2, 4))]
        turns = []
        for _ in range(rng.randint(15, 25)):
            speaker, role = rng.choice(speakers)
            turns.append((speaker, role, gen.turn_text()))
        topic = gen.topic_name()
        category = categories.setdefault(topic, rng.choices(CATEGORIES, weights=(70, 20, 10))[0])
        unit_summaries = []
        for system in SYSTEMS[: min(len(SYSTEMS), left)]:
            sentences = []
            for _ in range(rng.randint(2, 5)):
                text = gen.sentence(12, 25)
                if rng.random() < INCONSISTENT_SHARE:
                    sentences.append(
                        Sentence(
                            text,
                            "inconsistent",
                            gen.sentence(8, 20),
                            rng.sample(ERROR_TYPES, k=rng.randint(1, 2)),
                        )
                    )
                else:
                    sentences.append(Sentence(text, "consistent"))
            unit_summaries.append(Summary(system, sentences))
        left -= len(unit_summaries)
        units.append(
            Unit(
                doc_id=f"SYN-{index:06d}",
                split=("dev", "test")[index % 2],
                turns=turns,
                topic=topic,
                category=category,
                summaries=unit_summaries,
            )
        )
        index += 1
    return Corpus(units)


# --- ours: the TofuEval release layout ------------------------------------------------------


def write_tofueval(corpus: Corpus, folder: Path) -> tuple[Path, Path, int]:
    """Write the release folder and the documents file; (release dir, documents, bytes)."""
    release = folder / "release"
    (release / "factual_consistency").mkdir(parents=True, exist_ok=True)
    (release / "topic_category").mkdir(parents=True, exist_ok=True)
    split_ids: dict[str, dict[str, list[str]]] = {"dev": {CORPUS: []}, "test": {CORPUS: []}}
    categories: dict[str, str] = {}
    files = {
        split: (release / "factual_consistency" / f"{CORPUS}_factual_eval_{split}.csv").open("wb")
        for split in ("dev", "test")
    }
    try:
        # The project's one CSV writer, as the release's TofuEval files are written.
        writers = {split: CsvSink(handle) for split, handle in files.items()}
        for writer in writers.values():
            writer.write(
                [
                    "doc_id",
                    "annotation_id",
                    "topic",
                    "model_name",
                    "sent_idx",
                    "summ_sent",
                    "sent_label",
                    "exp",
                    "type",
                ]
            )
        for unit in corpus.units:
            split_ids[unit.split][CORPUS].append(unit.doc_id)
            categories.setdefault(unit.topic, unit.category)
            writer = writers[unit.split]
            for summary in unit.summaries:
                for number, sentence in enumerate(summary.sentences, start=1):
                    writer.write(
                        [
                            unit.doc_id,
                            "1",
                            unit.topic,
                            summary.system,
                            number,
                            verbatim(sentence.text),
                            "yes" if sentence.label == "consistent" else "no",
                            sentence.explanation,
                            ", ".join(sentence.types),
                        ]
                    )
    finally:
        for handle in files.values():
            handle.close()
    (release / "document_ids_dev_test_split.json").write_text(json.dumps(split_ids))
    (release / "topic_category" / f"{CORPUS}_topic_category.json").write_text(
        json.dumps(categories, ensure_ascii=False)
    )
    documents = folder / "documents.jsonl"
    with documents.open("w", encoding="utf-8") as out:
        for unit in corpus.units:
            line = {
                "id": unit.doc_id,
                "corpus": CORPUS,
                "turns": [{"speaker": s, "role": r, "text": t} for s, r, t in unit.turns],
            }
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    return release, documents, size


# --- Label Studio: a labelling configuration and task JSON ---------------------------------


def label_config() -> str:
    """Per unit: the topic, the dialogue, and per summary sentence a consistent/inconsistent
    choice, the error types and an explanation (a Repeater over the sentences); the topic's
    category."""
    types = "\n".join(f"      <Choice value={quoteattr(name)}/>" for name in ERROR_TYPES)
    return f"""<View>
  <Header value="$topic"/>
  <Paragraphs name="dialogue" value="$dialogue" layout="dialogue" nameKey="author" textKey="text"/>
  <Choices name="topic_category" toName="dialogue" choice="single" showInline="true">
    <Choice value="main"/>
    <Choice value="marginal"/>
    <Choice value="irrelevant"/>
  </Choices>
  <Repeater on="$sentences" indexFlag="{{{{idx}}}}">
    <Text name="sentence_{{{{idx}}}}" value="$sentences[{{{{idx}}}}].text"/>
    <Choices name="label_{{{{idx}}}}" toName="sentence_{{{{idx}}}}" choice="single"
             showInline="true">
      <Choice value="consistent"/>
      <Choice value="inconsistent"/>
    </Choices>
    <Choices name="error_types_{{{{idx}}}}" toName="sentence_{{{{idx}}}}" choice="multiple"
             showInline="true">
{types}
    </Choices>
    <TextArea name="explanation_{{{{idx}}}}" toName="sentence_{{{{idx}}}}" maxSubmissions="1"/>
  </Repeater>
</View>
"""


def sentence_results(index: int, label: str, explanation: str, types: list[str]) -> list[dict]:
    """One sentence's labels as Label Studio annotation results."""
    to_name = f"sentence_{index}"
    results = [
        {
            "from_name": f"label_{index}",
            "to_name": to_name,
            "type": "choices",
            "value": {"choices": [label]},
        }
    ]
    if types:
        results.append(
            {
                "from_name": f"error_types_{index}",
                "to_name": to_name,
                "type": "choices",
                "value": {"choices": types},
            }
        )
    if explanation:
        results.append(
            {
                "from_name": f"explanation_{index}",
                "to_name": to_name,
                "type": "textarea",
                "value": {"text": [explanation]},
            }
        )
    return results


def label_studio_tasks(corpus: Corpus) -> bytes:
    """The corpus as the JSON body of Label Studio's import API."""
    tasks = []
    for unit in corpus.units:
        sentences = []
        results: list[dict] = [
            {
                "from_name": "topic_category",
                "to_name": "dialogue",
                "type": "choices",
                "value": {"choices": [unit.category]},
            }
        ]
        for summary in unit.summaries:
            for number, sentence in enumerate(summary.sentences, start=1):
                results += sentence_results(
                    len(sentences), sentence.label, sentence.explanation, sentence.types
                )
                sentences.append(
                    {"summary": summary.system, "sent_idx": number, "text": sentence.text}
                )
        tasks.append(
            {
                "data": {
                    "doc_id": unit.doc_id,
                    "split": unit.split,
                    "topic": unit.topic,
                    "dialogue": [
                        {"author": f"{s} ({r})" if r else s, "text": t} for s, r, t in unit.turns
                    ],
                    "sentences": sentences,
                },
                "annotations": [{"result": results}],
            }
        )
    return json.dumps(tasks, ensure_ascii=False).encode()

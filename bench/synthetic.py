"""A synthetic native-JSONL corpus (docs/formats/native-jsonl.md) for the import benchmark.

Deterministic per seed, varied (a few thousand words drawn with a Zipf-like distribution, so
no two texts repeat and nothing is trivially cached), and sized like real dialogue
summarisation data: 15-25 turns of 20-60 words per dialogue, 3 topics of 5 summaries each,
summaries of 2-5 sentences of 12-25 words.

``write_corpus`` writes two files from one random stream, so the text-only subset holds the
very same dialogues and summaries as the first lines of the pre-split file:

- pre-split: each summary carries ``sentences`` (a list of strings), as benchmark releases
  such as TofuEval ship them; the reader joins them and computes offsets, no splitting;
- text-only: each summary carries only ``text``, so the reader splits it with pysbd.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import IO

COMMON = """
the of and to in a is that for it as was with be by on not he this are or his from at which
but have an they you were her she there one all we their has been would will if can more
when so who what up about out into than them some could only other new over time also year
people like two first said may way between these then after most many well should because
any where city council budget plan vote school water river bridge housing rent tax fund
state county board members meeting report public service project program money million
percent cost costs costs price prices market company workers union contract deal trade
health hospital doctors patients care insurance drug study research data survey results
police court judge case law rule policy bill senate house committee hearing election
voters campaign candidate party governor mayor president minister officials agency federal
local national global climate energy power grid solar wind oil gas emissions storm flood
fire season weather farmers crops food prices supply chain shipping port airport transit
bus train line route riders fares station road traffic safety accident investigation
students teachers parents classes district funding test scores college tuition loans
debt bank rates inflation growth jobs unemployment wages income families children
community neighborhood residents business owners shop store restaurant tourism visitors
museum library park festival team season game coach players fans stadium league title
""".split()

SYLLABLES = """
ba be bi bo bu ca ce co cu da de di do du fa fe fi fo ga ge go ha he hi ho ja jo ka ke ki
ko la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so
su ta te ti to tu va ve vi vo wa we wi za ze zo bar ber dan den der fan gan han hen kan
kar lan len lin lon man men min mon nan nen par per pin ran ren rin ron san sen sin son
tan ten tin ton van ven vin win zan
""".split()

FIRST_NAMES = """
Maya Dev Ana Omar Lena Kofi Sara Ivan Mei Tomas Aisha Jonas Priya Rafael Nora Kenji Elena
Samuel Fatima Lucas Hannah Mateo Zara Daniel Leila Victor Chloe Arjun Rosa Felix
""".split()
LAST_NAMES = """
Ortiz Patel Novak Haddad Berg Mensah Cohen Petrov Chen Silva Rahman Weber Iyer Costa
Lindqvist Tanaka Rossi Okafor Nguyen Garcia Schmidt Dubois Kowalski Moreau Jensen
""".split()
ROLES = ["host", "reporter", "analyst", "guest", "council member", "economist", "", ""]
SYSTEMS = ["Quillon-13B", "Parrot-XL", "Synopsia-2", "Brevis-7B", "Gisty-70B"]
UNITS = ["percent", "million dollars", "billion", "miles", "people", "votes", "days"]


@dataclass(slots=True)
class CorpusStats:
    dialogues: int = 0
    turns: int = 0
    topics: int = 0
    summaries: int = 0
    sentences: int = 0
    bytes: int = 0


class TextGenerator:
    def __init__(self, seed: int, vocabulary: int = 6000) -> None:
        self.rng = random.Random(seed)
        words = list(dict.fromkeys(COMMON))
        while len(words) < vocabulary:
            word = "".join(self.rng.choices(SYLLABLES, k=self.rng.randint(2, 4)))
            if word not in words:
                words.append(word)
        self.words = words
        # Zipf-like: a few very frequent words and a long tail, as in real text.
        self.cum_weights = list(accumulate(1.0 / (rank + 1) ** 0.9 for rank in range(len(words))))

    def sentence(self, low: int, high: int, *, end: str = ".") -> str:
        rng = self.rng
        words = rng.choices(self.words, cum_weights=self.cum_weights, k=rng.randint(low, high))
        if rng.random() < 0.3:  # a number, sometimes with decimals ("4.5 percent")
            number = (
                f"{rng.randint(1, 99)}.{rng.randint(1, 9)}"
                if rng.random() < 0.5
                else str(rng.randint(2, 5000))
            )
            words[rng.randrange(1, len(words))] = f"{number} {rng.choice(UNITS)}"
        if rng.random() < 0.25:  # a proper name
            words[rng.randrange(1, len(words))] = rng.choice(LAST_NAMES)
        if len(words) > 8 and rng.random() < 0.4:
            words[len(words) // 2] += ","
        words[0] = words[0].capitalize()
        return " ".join(words) + end

    def speaker(self) -> tuple[str, str]:
        name = f"{self.rng.choice(FIRST_NAMES)} {self.rng.choice(LAST_NAMES)}".upper()
        return name, self.rng.choice(ROLES)

    def turn_text(self) -> str:
        """20-60 words, in sentences of 5-20 words."""
        target = self.rng.randint(20, 60)
        sentences: list[str] = []
        count = 0
        while count < target:
            length = min(self.rng.randint(5, 20), max(target - count, 3))
            end = "?" if self.rng.random() < 0.1 else "."
            sentences.append(self.sentence(length, length, end=end))
            count += length
        return " ".join(sentences)

    def topic_name(self) -> str:
        words = self.rng.choices(self.words, cum_weights=self.cum_weights, k=self.rng.randint(2, 5))
        return " ".join(words).capitalize()


def dialogue(gen: TextGenerator, index: int, seed: int) -> dict:
    rng = gen.rng
    speakers = [gen.speaker() for _ in range(rng.randint(2, 4))]
    turns = []
    for _ in range(rng.randint(15, 25)):
        speaker, role = rng.choice(speakers)
        turns.append({"speaker": speaker, "role": role, "text": gen.turn_text()})
    topics = []
    names: set[str] = set()
    while len(topics) < 3:
        name = gen.topic_name()
        if name in names:
            continue
        names.add(name)
        summaries = [
            {
                "system": system,
                "sentences": [gen.sentence(12, 25) for _ in range(rng.randint(2, 5))],
                "metadata": {"temperature": 0.7} if rng.random() < 0.2 else {},
            }
            for system in SYSTEMS
        ]
        topics.append({"name": name, "summaries": summaries})
    return {
        "id": f"dlg-{index:06d}",
        "corpus": "bench",
        "title": f"Synthetic dialogue {index}",
        "split": ("dev", "test")[index % 2],
        "metadata": {"source": "synthetic", "seed": seed},
        "turns": turns,
        "topics": topics,
    }


def _text_only(document: dict) -> dict:
    """The same document with each summary as plain text (the reader splits it)."""
    return {
        **document,
        "topics": [
            {
                "name": topic["name"],
                "summaries": [
                    {
                        "system": summary["system"],
                        "text": " ".join(summary["sentences"]),
                        "metadata": summary["metadata"],
                    }
                    for summary in topic["summaries"]
                ],
            }
            for topic in document["topics"]
        ],
    }


def _count(stats: CorpusStats, document: dict, line: bytes) -> None:
    stats.dialogues += 1
    stats.turns += len(document["turns"])
    stats.topics += len(document["topics"])
    for topic in document["topics"]:
        stats.summaries += len(topic["summaries"])
        stats.sentences += sum(len(summary["sentences"]) for summary in topic["summaries"])
    stats.bytes += len(line)


def write_corpus(
    *, dialogues: int, seed: int, presplit: Path, text_only: Path | None, text_dialogues: int
) -> tuple[CorpusStats, CorpusStats]:
    """Write ``dialogues`` pre-split lines to ``presplit`` and the first ``text_dialogues`` of
    them, as text only, to ``text_only``. Returns the stats of both files (sentences of the
    text-only file are the generator's sentences, which pysbd is expected to find)."""
    gen = TextGenerator(seed)
    full, subset = CorpusStats(), CorpusStats()
    text_stream: IO[bytes] | None = text_only.open("wb") if text_only else None
    try:
        with presplit.open("wb") as stream:
            for index in range(dialogues):
                document = dialogue(gen, index, seed)
                line = json.dumps(document, ensure_ascii=False).encode() + b"\n"
                stream.write(line)
                _count(full, document, line)
                if text_stream is not None and index < text_dialogues:
                    text_line = json.dumps(_text_only(document), ensure_ascii=False).encode()
                    text_stream.write(text_line + b"\n")
                    _count(subset, document, text_line + b"\n")
    finally:
        if text_stream is not None:
            text_stream.close()
    return full, subset


if __name__ == "__main__":  # a quick look: python bench/synthetic.py > sample.jsonl
    import sys

    gen = TextGenerator(0)
    for i in range(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
        print(json.dumps(dialogue(gen, i, 0), ensure_ascii=False))

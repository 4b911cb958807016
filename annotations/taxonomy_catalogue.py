"""Built-in error taxonomies and their crosswalk to AggreFact's unified taxonomy.

Pure data, no Django imports: a data migration seeds ``ErrorTaxonomy``/``ErrorType`` rows from
``TAXONOMIES``, and a project then gets its own editable copy of whichever built-in taxonomy it
uses. Within each taxonomy a parent is listed before its children, so the types can be created
in list order.

Every type of a non-unified taxonomy, parents and catch-all types included, names a *leaf* of
the ``aggrefact-unified`` taxonomy in ``unified``; types of the unified taxonomy itself have
``unified=None`` and count as their own unified type. Where a type could map to more than one
unified leaf, the mapping follows the case that dominates in practice; docs/taxonomies.md gives
the reasoning for each such choice.
"""

from __future__ import annotations

from typing import TypedDict


class ErrorTypeSpec(TypedDict):
    code: str  # stable machine code, unique within its taxonomy, [a-z0-9-]+
    name: str  # display name, unique within its taxonomy
    definition: str  # one or two sentences
    example: str  # 'Dialogue: "..." Summary: "..."'
    parent: str | None  # code of the parent type in the same taxonomy, or None
    unified: str | None  # code of a leaf of the "aggrefact-unified" taxonomy


class TaxonomySpec(TypedDict):
    slug: str
    name: str
    description: str
    types: list[ErrorTypeSpec]


UNIFIED_SLUG = "aggrefact-unified"

TAXONOMIES: list[TaxonomySpec] = [
    {
        "slug": UNIFIED_SLUG,
        "name": "AggreFact unified",
        "description": (
            'The unified error taxonomy of AggreFact (Tang et al., 2023, "Understanding Factual '
            'Errors in Summarization: Errors, Summarizers, Datasets, Error Detectors"). It crosses '
            "where the wrong content comes from (intrinsic: misrepresents the source; extrinsic: "
            "not in the source) with the unit that is wrong (noun phrase, predicate, entire "
            "sentence). Every type of the other built-in taxonomies maps to one of its six leaves, "
            "so exports can carry a comparable unified label next to the project's own type."
        ),
        "types": [
            {
                "code": "intrinsic",
                "name": "Intrinsic Error",
                "definition": (
                    "The summary misrepresents information that the source does contain: its "
                    "material comes from the source but is altered or recombined into a statement "
                    "the source does not support."
                ),
                "example": (
                    "Dialogue: \"Ana: I moved the meeting to Friday. Ben: Fine, I'll book the "
                    'room." Summary: "Ben moved the meeting to Friday."'
                ),
                "parent": None,
                "unified": None,
            },
            {
                "code": "extrinsic",
                "name": "Extrinsic Error",
                "definition": (
                    "The summary adds information that the source neither states nor implies, so "
                    "it cannot be verified against the source, whether or not it is true in the "
                    "world."
                ),
                "example": (
                    'Dialogue: "Ana: I moved the meeting to Friday." Summary: "Ana moved the '
                    'meeting to Friday because the director is travelling."'
                ),
                "parent": None,
                "unified": None,
            },
            {
                "code": "intrinsic-np",
                "name": "Intrinsic Noun Phrase Error",
                "definition": (
                    "A noun phrase acting as subject, object or prepositional object (including "
                    "names, numbers, dates and places) is taken from the source but is wrong in "
                    "the statement the summary makes."
                ),
                "example": (
                    'Dialogue: "Kim: Raj is bringing the cake, I\'ll bring the drinks." '
                    'Summary: "Kim is bringing the cake."'
                ),
                "parent": "intrinsic",
                "unified": None,
            },
            {
                "code": "intrinsic-predicate",
                "name": "Intrinsic Predicate Error",
                "definition": (
                    "The main verb, or material closely tied to it such as tense, modality, "
                    "negation or a modifying adverb, misrepresents what the source says about the "
                    "participants."
                ),
                "example": (
                    'Dialogue: "Leo: I might apply for the job in Oslo." Summary: "Leo applied '
                    'for the job in Oslo."'
                ),
                "parent": "intrinsic",
                "unified": None,
            },
            {
                "code": "intrinsic-sentence",
                "name": "Intrinsic Entire Sentence Error",
                "definition": (
                    "The statement as a whole distorts source content, so the error cannot be "
                    "pinned on a single noun phrase or predicate, for example source facts joined "
                    "by a false causal or temporal relation, or several errors at once."
                ),
                "example": (
                    'Dialogue: "Mia: The train was late. Mia: Oh, and I lost my umbrella." '
                    'Summary: "Mia lost her umbrella because the train was late."'
                ),
                "parent": "intrinsic",
                "unified": None,
            },
            {
                "code": "extrinsic-np",
                "name": "Extrinsic Noun Phrase Error",
                "definition": (
                    "A noun phrase introduces an entity, number, date, place or attribute that "
                    "appears nowhere in the source and cannot be inferred from it."
                ),
                "example": (
                    'Dialogue: "Tom: Sara, see you at the usual café at 5." Summary: "Tom will '
                    'meet Sara at Café Luna at 5."'
                ),
                "parent": "extrinsic",
                "unified": None,
            },
            {
                "code": "extrinsic-predicate",
                "name": "Extrinsic Predicate Error",
                "definition": (
                    "The summary ascribes to participants of the source an action, state or "
                    "relation that the source does not mention."
                ),
                "example": (
                    'Dialogue: "Eva: I got the keys to the new flat today." Summary: "Eva painted '
                    'the new flat today."'
                ),
                "parent": "extrinsic",
                "unified": None,
            },
            {
                "code": "extrinsic-sentence",
                "name": "Extrinsic Entire Sentence Error",
                "definition": (
                    "A whole statement, or a whole clause of it, has no basis in the source: it is "
                    "added content rather than a distortion of any particular phrase."
                ),
                "example": (
                    'Dialogue: "Jo: Can you pick up milk? Sam: Sure, on my way home." Summary: '
                    '"Sam also plans to cook dinner for Jo\'s parents."'
                ),
                "parent": "extrinsic",
                "unified": None,
            },
        ],
    },
    {
        "slug": "tofueval",
        "name": "TofuEval",
        "description": (
            'The error types of TofuEval (Tang et al., 2024, "TofuEval: Evaluating '
            'Hallucinations of LLMs on Topic-Focused Dialogue Summarization"), assigned by '
            "linguists to summary sentences judged inconsistent with a meeting or interview "
            "transcript. The names are exactly those of the public release, so TofuEval imports "
            "and exports round-trip."
        ),
        "types": [
            {
                "code": "extrinsic-information",
                "name": "Extrinsic Information",
                "definition": (
                    "The sentence contains new information that is not grounded in the dialogue: "
                    "it is neither stated there nor inferable from it, even if it is plausible or "
                    "true in the world."
                ),
                "example": (
                    'Dialogue: "Councillor Diaz: The bike-lane item passed five to two." Summary: '
                    '"The bike-lane item passed five to two, and construction starts in spring."'
                ),
                "parent": None,
                "unified": "extrinsic-sentence",
            },
            {
                "code": "mis-referencing",
                "name": "Mis-Referencing",
                "definition": (
                    "A property or event that is grounded in the dialogue is attributed to the "
                    "wrong entity in the summary."
                ),
                "example": (
                    'Dialogue: "Host: Senator Park opposed the bill. Reporter: And Governor Lee '
                    'signed it anyway." Summary: "Senator Park signed the bill."'
                ),
                "parent": None,
                "unified": "intrinsic-np",
            },
            {
                "code": "stating-opinion-as-fact",
                "name": "Stating Opinion as Fact",
                "definition": (
                    "The summary presents as established fact a proposition that a speaker in the "
                    "dialogue only voiced as an opinion, belief, prediction or speculation."
                ),
                "example": (
                    'Dialogue: "Analyst: In my view, the merger will push fares up." Summary: '
                    '"The merger will push fares up."'
                ),
                "parent": None,
                "unified": "intrinsic-predicate",
            },
            {
                "code": "reasoning-error",
                "name": "Reasoning Error",
                "definition": (
                    "The summary draws a wrong inference from premises that are themselves "
                    "grounded in the dialogue, such as a false conclusion, calculation or causal "
                    "link."
                ),
                "example": (
                    'Dialogue: "Chair: Revenue was $4 million last year. Treasurer: This year it '
                    'is $5 million." Summary: "Revenue rose by 50% this year."'
                ),
                "parent": None,
                "unified": "intrinsic-sentence",
            },
            {
                "code": "tense-modality-error",
                "name": "Tense/Modality Error",
                "definition": (
                    "The summary uses the wrong tense, aspect or modality, for example reporting a "
                    "planned action as completed or a possibility as a certainty."
                ),
                "example": (
                    'Dialogue: "Mayor: The council will vote on the budget next week." Summary: '
                    '"The council voted on the budget."'
                ),
                "parent": None,
                "unified": "intrinsic-predicate",
            },
            {
                "code": "contradiction",
                "name": "Contradiction",
                "definition": (
                    "The sentence states something that the dialogue directly contradicts, such "
                    "as the negation or the opposite of what was said."
                ),
                "example": (
                    'Dialogue: "Clerk: The motion carried unanimously." Summary: "The motion was '
                    'voted down."'
                ),
                "parent": None,
                "unified": "intrinsic-predicate",
            },
            {
                "code": "nuanced-meaning-shift",
                "name": "Nuanced Meaning Shift",
                "definition": (
                    "The summary paraphrases the dialogue in a way that subtly changes its "
                    "meaning, for example by strengthening, weakening or generalising what was "
                    "said."
                ),
                "example": (
                    'Dialogue: "Guest: Some residents have raised concerns about the noise." '
                    'Summary: "Residents strongly oppose the project because of the noise."'
                ),
                "parent": None,
                "unified": "intrinsic-predicate",
            },
            {
                "code": "other",
                "name": "Other",
                "definition": (
                    "An inconsistency with the dialogue that none of the other types describes; "
                    "the explanation should say what is wrong."
                ),
                "example": (
                    'Dialogue: "Chair: Item four is approved as amended." Summary: "The council '
                    'approved of the amended for item the residents four."'
                ),
                "parent": None,
                "unified": "intrinsic-sentence",
            },
        ],
    },
    {
        "slug": "frank",
        "name": "FRANK / FineSurE",
        "description": (
            'The factual error typology of FRANK (Pagnoni et al., 2021, "Understanding '
            'Factuality in Abstractive Summarization with FRANK"), grouped into semantic frame, '
            "discourse and content verifiability errors. FineSurE (Song et al., 2024, "
            '"FineSurE: Fine-grained Summarization Evaluation using LLMs") labels sentence-level '
            "factuality with the same categories."
        ),
        "types": [
            {
                "code": "semantic-frame",
                "name": "Semantic Frame Errors",
                "definition": (
                    "Errors inside a single statement's frame: its predicate, one of its "
                    "participants, or one of its circumstances is wrong."
                ),
                "example": (
                    'Dialogue: "Nina: I sold my bike to Omar on Sunday." Summary: "Omar sold his '
                    'bike to Nina on Sunday."'
                ),
                "parent": None,
                "unified": "intrinsic-np",
            },
            {
                "code": "prede",
                "name": "Predicate Error (PredE)",
                "definition": (
                    "The main predicate of the statement is inconsistent with the source: the "
                    "wrong action, state or relation is reported."
                ),
                "example": (
                    'Dialogue: "Nina: I lent my bike to Omar for the weekend." Summary: "Nina '
                    'sold her bike to Omar."'
                ),
                "parent": "semantic-frame",
                "unified": "intrinsic-predicate",
            },
            {
                "code": "ente",
                "name": "Entity Error (EntE)",
                "definition": (
                    "A core participant of the predicate, or an attribute of that participant, is "
                    "wrong."
                ),
                "example": (
                    'Dialogue: "Nina: I lent my bike to Omar, not to Pia." Summary: "Nina lent '
                    'her bike to Pia."'
                ),
                "parent": "semantic-frame",
                "unified": "intrinsic-np",
            },
            {
                "code": "circe",
                "name": "Circumstance Error (CircE)",
                "definition": (
                    "A detail that frames the predicate, such as its time, location or manner, is "
                    "wrong."
                ),
                "example": (
                    'Dialogue: "Omar: I\'ll bring the bike back on Friday." Summary: "Omar will '
                    'return the bike on Monday."'
                ),
                "parent": "semantic-frame",
                "unified": "intrinsic-np",
            },
            {
                "code": "discourse",
                "name": "Discourse Errors",
                "definition": (
                    "Errors in how statements and mentions connect across the summary: wrong "
                    "references or wrong relations between statements."
                ),
                "example": (
                    'Dialogue: "Nina: I missed the bus. Nina: Separately, my phone died." '
                    'Summary: "Nina missed the bus because her phone died."'
                ),
                "parent": None,
                "unified": "intrinsic-sentence",
            },
            {
                "code": "corefe",
                "name": "Coreference Error (CorefE)",
                "definition": (
                    "A pronoun or other referring expression points to the wrong entity, or to no "
                    "entity at all."
                ),
                "example": (
                    'Dialogue: "Nina: Omar fixed Pia\'s laptop, and she was thrilled." Summary: '
                    '"Omar fixed Pia\'s laptop. He was thrilled."'
                ),
                "parent": "discourse",
                "unified": "intrinsic-np",
            },
            {
                "code": "linke",
                "name": "Discourse Link Error (LinkE)",
                "definition": (
                    "Statements are connected by the wrong discourse relation, such as a false "
                    "causal link or the wrong temporal order."
                ),
                "example": (
                    'Dialogue: "Omar: I packed, then I called a taxi." Summary: "Omar called a '
                    'taxi and only afterwards started packing."'
                ),
                "parent": "discourse",
                "unified": "intrinsic-sentence",
            },
            {
                "code": "content-verifiability",
                "name": "Content Verifiability Errors",
                "definition": (
                    "The statement cannot be checked against the source, either because its "
                    "content is not there or because the sentence is too ill-formed to interpret."
                ),
                "example": (
                    'Dialogue: "Nina: Let\'s meet at the gym." Summary: "Nina and Omar, who are '
                    'training for a marathon, will meet at the gym."'
                ),
                "parent": None,
                "unified": "extrinsic-sentence",
            },
            {
                "code": "oute",
                "name": "Out of Context Error (OutE)",
                "definition": (
                    "The statement contains information that is not present in the source and "
                    "cannot be deduced from it."
                ),
                "example": (
                    'Dialogue: "Omar: Gym at six? Nina: Sure." Summary: "Omar and Nina meet at '
                    'the gym at six, as they do every Tuesday."'
                ),
                "parent": "content-verifiability",
                "unified": "extrinsic-sentence",
            },
            {
                "code": "grame",
                "name": "Grammatical Error (GramE)",
                "definition": (
                    "The sentence is so ungrammatical that its meaning is unclear and it cannot be "
                    "judged against the source."
                ),
                "example": (
                    'Dialogue: "Omar: I\'ll bring the tent, you bring the stove." Summary: "Omar '
                    'bring tent the stove you will Nina."'
                ),
                "parent": "content-verifiability",
                "unified": "intrinsic-sentence",
            },
            {
                "code": "othe",
                "name": "Other Error (OthE)",
                "definition": (
                    "A factual error that none of the other FRANK categories covers; the "
                    "explanation should say what is wrong."
                ),
                "example": (
                    'Dialogue: "Nina: Could you water my plants while I\'m away?" Summary: "In '
                    'this email, Nina asks Omar to water her plants."'
                ),
                "parent": None,
                "unified": "intrinsic-sentence",
            },
        ],
    },
    {
        "slug": "dialogue-llm",
        "name": "Dialogue LLM errors",
        "description": (
            'The refined error taxonomy of Ramprasad, Ferracane and Lipton (2024, "Analyzing LLM '
            'Behavior in Dialogue Summarization: Unveiling Circumstantial Hallucination Trends"), '
            "built from span-level annotations of LLM-written dialogue summaries. It introduces "
            "Circumstantial Inference for plausible inferences that the conversation hints at but "
            "never supports directly."
        ),
        "types": [
            {
                "code": "circumstantial-inference",
                "name": "Circumstantial Inference",
                "definition": (
                    "The summary states something that circumstantial cues in the dialogue make "
                    "plausible but that the dialogue never directly supports."
                ),
                "example": (
                    'Dialogue: "Amy: Third coffee already. Amy: Deadline is at midnight." Summary: '
                    '"Amy is staying up all night to meet the deadline."'
                ),
                "parent": None,
                "unified": "extrinsic-predicate",
            },
            {
                "code": "logical-error",
                "name": "Logical Error",
                "definition": (
                    "The summary connects facts from the dialogue in a way that does not follow "
                    "from what was said."
                ),
                "example": (
                    "Dialogue: \"Dan: It's raining, so the match is off. Liz: Then let's see a "
                    'film." Summary: "Because the film was cancelled, Dan and Liz go to the match."'
                ),
                "parent": None,
                "unified": "intrinsic-sentence",
            },
            {
                "code": "event-misordering",
                "name": "Event Misordering",
                "definition": (
                    "Events mentioned in the dialogue are reported in the wrong temporal or causal "
                    "order."
                ),
                "example": (
                    'Dialogue: "Dan: First I get my visa, then I book the flights." Summary: "Dan '
                    'will book the flights before getting his visa."'
                ),
                "parent": "logical-error",
                "unified": "intrinsic-sentence",
            },
            {
                "code": "lack-of-commonsense",
                "name": "Lack of Commonsense",
                "definition": (
                    "The summary draws a conclusion from the dialogue that ordinary commonsense "
                    "knowledge rules out."
                ),
                "example": (
                    'Dialogue: "Liz: The oven is broken. Dan: Let\'s order pizza then." Summary: '
                    '"Dan will bake a pizza because the oven is broken."'
                ),
                "parent": "logical-error",
                "unified": "intrinsic-sentence",
            },
            {
                "code": "missed-detail",
                "name": "Missed Detail",
                "definition": (
                    "The summary overlooks a detail of the dialogue, such as a later correction, "
                    "a cancellation or a condition, so the resulting statement is wrong."
                ),
                "example": (
                    "Dialogue: \"Liz: I'll come to the party. Liz: Actually, scratch that, I'm "
                    'sick." Summary: "Liz will come to the party."'
                ),
                "parent": "logical-error",
                "unified": "intrinsic-predicate",
            },
            {
                "code": "world-knowledge",
                "name": "World Knowledge",
                "definition": (
                    "The summary adds facts from general knowledge of the world that the dialogue "
                    "does not contain, whether or not they are true."
                ),
                "example": (
                    'Dialogue: "Sam: Got tickets for the Lakers game on Friday!" Summary: "Sam has '
                    "tickets for Friday's game at the arena in Los Angeles.\""
                ),
                "parent": None,
                "unified": "extrinsic-np",
            },
            {
                "code": "referential-error",
                "name": "Referential Error",
                "definition": (
                    "Something said or done in the dialogue is attributed to the wrong speaker or "
                    "participant, or a reference points to the wrong person."
                ),
                "example": (
                    'Dialogue: "Amy: Can you walk the dog? Tom: Sure, after lunch." Summary: '
                    '"Amy will walk the dog after lunch."'
                ),
                "parent": None,
                "unified": "intrinsic-np",
            },
            {
                "code": "figurative-misinterpretation",
                "name": "Figurative Misinterpretation",
                "definition": (
                    "Figurative language, an idiom, irony or sarcasm in the dialogue is taken "
                    "literally or otherwise misread."
                ),
                "example": (
                    'Dialogue: "Amy: The train is late again. Tom: Great, just what I needed." '
                    'Summary: "Tom is pleased that the train is late."'
                ),
                "parent": None,
                "unified": "intrinsic-predicate",
            },
            {
                "code": "nonsensical",
                "name": "Nonsensical",
                "definition": (
                    "The summary sentence is incoherent or meaningless, so what it claims about "
                    "the dialogue cannot be determined."
                ),
                "example": (
                    'Dialogue: "Amy: Pizza or sushi tonight? Tom: Sushi." Summary: "Tom sushi '
                    'tonight the pizza decided of Amy."'
                ),
                "parent": None,
                "unified": "intrinsic-sentence",
            },
        ],
    },
]

# The built-in slugs, for the API schema's one enum of them (settings ENUM_NAME_OVERRIDES).
BUILTIN_SLUGS: list[str] = [spec["slug"] for spec in TAXONOMIES]

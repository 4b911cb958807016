"""A new round whose units are chosen by what corpus runs find hard (issue 31 §4,
docs/models-in-the-loop.md): drawn among unannotated units, stratified by summarizer, each
unit's inclusion probability recorded; the body's errors named (400 shape, 409 data); the
weighted per-system rates; blinding; constant queries."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from annotations.evaluator_scores.selection import weighted_rate
from annotations.models import (
    Assignment,
    CorpusRun,
    Evaluator,
    EvaluatorKind,
    Membership,
    Project,
    Role,
    Round,
    RoundStatus,
    SelectedUnit,
    SentenceJudgement,
    SummarySentence,
    UnitSelection,
)
from tests.corpus_predictions import store_predictions
from tests.factories import (
    AssignmentFactory,
    DocumentFactory,
    GuidelineFactory,
    ProjectFactory,
    RoundFactory,
    SentenceFactory,
    SummaryFactory,
    TopicFactory,
    UserFactory,
)
from tests.people import signed_in

pytestmark = pytest.mark.django_db

# Names that must never reach a linguist.
SYSTEMS = {"sys-alpha": 18, "sys-beta": 12}
EVALUATORS = ("judge-one", "judge-two")
VERSIONS = ("prompt-a7", "prompt-b9")
ANNOTATED = 4


def _study(units_per_system: dict[str, int] = SYSTEMS) -> dict[str, Any]:
    """One summary of three sentences per unit; a third of each system's units hard (the two
    runs disagree, the scores sit at the threshold), the rest easy; four more units already in
    a pilot round. Two linguists, an admin."""
    project = ProjectFactory()
    GuidelineFactory(project=project, version=1)
    admin = UserFactory(username="sel-admin")
    Membership.objects.create(project=project, user=admin, role=Role.ADMIN)
    for name in ("sel-ling1", "sel-ling2"):
        Membership.objects.create(
            project=project, user=UserFactory(username=name), role=Role.ANNOTATOR
        )
    runs = [
        CorpusRun.objects.create(
            project=project,
            evaluator=Evaluator.objects.create(project=project, name=name, kind=EvaluatorKind.LLM),
            version=version,
            source_name=f"{name}.jsonl",
            sha256="0" * 64,
            sentences=1,
            has_scores=index == 0,
            has_labels=index == 1,
        )
        for index, (name, version) in enumerate(zip(EVALUATORS, VERSIONS, strict=True))
    ]
    hard: set[int] = set()
    scored: list[dict[str, Any]] = []
    labelled: list[dict[str, Any]] = []
    for system, count in units_per_system.items():
        for index in range(count):
            topic = TopicFactory(document=DocumentFactory(corpus__project=project))
            summary = SummaryFactory(topic=topic, system=system, position=0)
            is_hard = index % 3 == 0
            if is_hard:
                hard.add(topic.pk)
            for number in range(3):
                sentence = SentenceFactory(
                    summary=summary, position=number, text=f"Claim {number} {index}."
                )
                scored.append(
                    {
                        "summary_id": summary.pk,
                        "sentence_id": sentence.pk,
                        "score": 0.45 if is_hard else 0.97,
                    }
                )
                labelled.append(
                    {"summary_id": summary.pk, "sentence_id": sentence.pk, "label": "consistent"}
                )
    store_predictions(runs[0], scored)
    store_predictions(runs[1], labelled)
    pilot = RoundFactory(project=project, name="Earlier pilot")
    annotated = []
    for _ in range(ANNOTATED):
        topic = TopicFactory(document=DocumentFactory(corpus__project=project))
        SentenceFactory(summary=SummaryFactory(topic=topic, system="sys-alpha", position=0))
        AssignmentFactory(round=pilot, topic=topic, annotator=admin)
        annotated.append(topic.pk)
    return {"project": project, "runs": [r.pk for r in runs], "hard": hard, "annotated": annotated}


def _body(runs: list[int], **select: Any) -> dict[str, Any]:
    return {
        "name": "Selected pilot",
        "kind": "pilot",
        "overlap": 2,
        "guideline_version": 1,
        "annotators": ["sel-ling1", "sel-ling2"],
        "units": {
            "select": {"strategy": "disagreement", "runs": runs, "count": 10, **select},
            "seed": 3,
        },
    }


def _post(client: Client, project: Project, body: Any) -> Any:
    return client.post(
        f"/api/admin/projects/{project.slug}/rounds/",
        json.dumps(body),
        content_type="application/json",
    )


def test_a_round_selects_unannotated_units_by_disagreement_with_recorded_probabilities() -> None:
    study = _study()
    client = signed_in("sel-admin")
    created = _post(client, study["project"], _body(study["runs"]))
    assert created.status_code == 201, created.json()
    round_id = created.json()["id"]
    selection = UnitSelection.objects.get(round_id=round_id)
    assert (selection.strategy, selection.frame_units, selection.count) == ("disagreement", 30, 10)
    # Stratified by summarizer: 18 and 12 of the 30 free units, so 6 and 4 of the 10.
    assert selection.allocation == {"sys-alpha": 6, "sys-beta": 4}
    assert selection.frame_sentences == {"sys-alpha": 54, "sys-beta": 36}
    chosen = dict(
        SelectedUnit.objects.filter(selection=selection).values_list(
            "topic_id", "inclusion_probability"
        )
    )
    assert len(chosen) == 10
    assert not set(chosen) & set(study["annotated"])
    units = set(Assignment.objects.filter(round_id=round_id).values_list("topic_id", flat=True))
    assert units == set(chosen)
    assert Assignment.objects.filter(round_id=round_id).count() == 20
    # The hard units are likelier (the runs disagree on them); easy ones keep the reserve floor.
    hard = [p for pk, p in chosen.items() if pk in study["hard"]]
    easy = [p for pk, p in chosen.items() if pk not in study["hard"]]
    assert hard
    assert easy
    assert min(hard) > max(easy)
    assert min(easy) >= 4 * 0.2 / 12 - 1e-9
    # The round's units are annotated now: the next selection draws from the other 20.
    again = _post(client, study["project"], {**_body(study["runs"]), "name": "Again"})
    assert again.status_code == 201, again.json()
    assert UnitSelection.objects.get(round_id=again.json()["id"]).frame_units == 20
    assert not set(
        Assignment.objects.filter(round_id=again.json()["id"]).values_list("topic_id", flat=True)
    ) & set(chosen)


def test_the_same_seed_draws_the_same_selection() -> None:
    study = _study()
    client = signed_in("sel-admin")
    first = _post(client, study["project"], _body(study["runs"], strategy="uncertainty"))
    assert first.status_code == 201, first.json()
    picked = set(SelectedUnit.objects.values_list("topic_id", flat=True))
    Round.objects.filter(pk=first.json()["id"]).delete()
    second = _post(client, study["project"], _body(study["runs"], strategy="uncertainty"))
    assert second.status_code == 201, second.json()
    assert set(SelectedUnit.objects.values_list("topic_id", flat=True)) == picked


@pytest.mark.parametrize(
    ("select", "field", "message"),
    [
        ({"weights": {"disagreement": 1, "uncertainty": 0}}, "units.select.weights", "only for"),
        ({"strategy": "mix"}, "units.select.weights", "needs the weights"),
        ({"runs": [1]}, "units.select.runs", "at least two runs"),
        ({"runs": [1, 1]}, "units.select.runs", "each run once"),
        ({"reserve": 0}, "units.select.reserve", "greater than or equal to 0.05"),
        ({"count": 0}, "units.select.count", "greater than or equal to 1"),
        ({"strategy": "loudest"}, "units.select.strategy", "not a valid choice"),
        ({"threshold": 0.4}, "units.select.threshold", "not a field here"),
        (
            {"strategy": "mix", "weights": {"disagreement": 0, "uncertainty": 0}},
            "units.select.weights.disagreement",
            "must not both be 0",
        ),
    ],
)
def test_a_selection_body_of_the_wrong_shape_is_refused_naming_the_field(
    select: dict[str, Any], field: str, message: str
) -> None:
    study = _study({"sys-alpha": 3})
    select = dict(select)
    body = _body(select.pop("runs", study["runs"]), **select)
    response = _post(signed_in("sel-admin"), study["project"], body)
    assert (response.status_code, response.json()["code"]) == (400, "invalid")
    assert set(response.json()["errors"]) == {field}, response.json()
    assert message in response.json()["errors"][field][0]
    assert not Round.objects.filter(name="Selected pilot").exists()


def test_a_selection_the_data_refuses_is_a_409_naming_the_field() -> None:
    study = _study({"sys-alpha": 3, "sys-beta": 3})
    other = _study_elsewhere()
    client = signed_in("sel-admin")
    cases = [
        (
            _body([study["runs"][0], other]),
            "units.select.runs",
            f"not corpus runs of this project: [{other}]",
        ),
        (
            _body([study["runs"][1]], strategy="uncertainty"),
            "units.select.runs",
            "needs a run with scores",
        ),
        (_body(study["runs"], count=7), "units.select.count", "a selection of 1 to 6 units"),
    ]
    for body, field, message in cases:
        response = _post(client, study["project"], body)
        assert (response.status_code, response.json()["code"]) == (409, "round_refused")
        assert message in response.json()["errors"][field][0], response.json()
    assert not Round.objects.filter(name="Selected pilot").exists()
    assert not UnitSelection.objects.exists()


def _study_elsewhere() -> int:
    project = ProjectFactory()
    return CorpusRun.objects.create(
        project=project,
        evaluator=Evaluator.objects.create(project=project, name="x", kind=EvaluatorKind.LLM),
        version="v",
        source_name="x",
        sha256="0" * 64,
        sentences=1,
    ).pk


def _label_everything(round_id: int, inconsistent: set[int]) -> None:
    """Both linguists label every sentence of the round alike: inconsistent in the units of
    ``inconsistent``, consistent elsewhere."""
    judgements = []
    for assignment in Assignment.objects.filter(round_id=round_id):
        for sentence in SummarySentence.objects.filter(summary__topic_id=assignment.topic_id):
            label = "inconsistent" if assignment.topic_id in inconsistent else "consistent"
            judgements.append(
                SentenceJudgement(assignment=assignment, sentence=sentence, label=label)
            )
    SentenceJudgement.objects.bulk_create(judgements)


def test_the_round_reports_per_system_rates_weighted_back_to_the_corpus(
    django_assert_max_num_queries: Any,
) -> None:
    study = _study()
    client = signed_in("sel-admin")
    round_id = _post(client, study["project"], _body(study["runs"], reserve=0.5)).json()["id"]
    chosen = dict(SelectedUnit.objects.values_list("topic_id", "inclusion_probability"))
    # Before any label: nothing counts yet.
    empty = client.get(f"/api/admin/rounds/{round_id}/selection/").json()["selection"]
    assert empty["labelled_units"] == 0
    assert all(row["hajek_rate"] is None for row in empty["systems"])
    # Errors exactly in the hard units, as the runs suspected.
    _label_everything(round_id, study["hard"])
    with django_assert_max_num_queries(12):
        report = client.get(f"/api/admin/rounds/{round_id}/selection/").json()["selection"]
    assert report["labelled_units"] == report["selected_units"] == 10
    assert [run["evaluator"] for run in report["runs"]] == list(EVALUATORS)
    assert "Weighted by inverse inclusion probabilities" in report["note"]
    system_of = dict(SelectedUnit.objects.values_list("topic_id", "topic__summaries__system"))
    mixed = 0
    for row in report["systems"]:
        mine = [pk for pk in chosen if system_of[pk] == row["system"]]
        expected = weighted_rate(
            [3 * (pk in study["hard"]) for pk in mine],
            [3] * len(mine),
            [chosen[pk] for pk in mine],
            population_sentences=3 * SYSTEMS[row["system"]],
        )
        assert row["hajek_rate"] == pytest.approx(expected.hajek_rate)
        assert row["ht_rate"] == pytest.approx(expected.ht_rate)
        # The hard third is over-represented: where easy units were drawn too, the raw rate
        # is above the weighted one.
        if any(pk not in study["hard"] for pk in mine):
            mixed += 1
            assert row["unweighted"] > row["hajek_rate"]
    assert mixed
    # Constant queries: a larger round answers in the same number.
    study_large = _study_more(client)
    with django_assert_max_num_queries(12):
        large = client.get(f"/api/admin/rounds/{study_large}/selection/").json()["selection"]
    assert large["labelled_units"] == 20


def _study_more(client: Client) -> int:
    big = _study({"sys-alpha": 30, "sys-beta": 20})
    body = {**_body(big["runs"], count=20), "name": "Large"}
    round_id = _post(client, big["project"], body).json()["id"]
    _label_everything(round_id, big["hard"])
    return round_id


def test_nothing_a_linguist_receives_names_a_system_run_or_evaluator() -> None:
    study = _study()
    round_id = _post(signed_in("sel-admin"), study["project"], _body(study["runs"])).json()["id"]
    Round.objects.filter(pk=round_id).update(status=RoundStatus.OPEN)
    linguist = signed_in("sel-ling1")
    assignments = Assignment.objects.filter(round_id=round_id, annotator__username="sel-ling1")
    responses = [linguist.get("/api/assignments/")]
    responses += [linguist.get(f"/api/assignments/{a.pk}/") for a in assignments]
    responses.append(linguist.get(f"/api/admin/rounds/{round_id}/selection/"))
    assert responses[-1].status_code in (403, 404)
    for response in responses:
        text = response.content.decode()
        for secret in (*SYSTEMS, *EVALUATORS, *VERSIONS, "inclusion", "priority"):
            assert secret not in text, (response.request["PATH_INFO"], secret)


def test_the_form_lists_the_projects_corpus_runs_to_admins_only(
    django_assert_max_num_queries: Any,
) -> None:
    study = _study({"sys-alpha": 2})
    _study_elsewhere()
    client = signed_in("sel-admin")
    with django_assert_max_num_queries(4):
        runs = client.get(f"/api/admin/projects/{study['project'].slug}/corpus-runs/").json()
    assert [(r["id"], r["evaluator"], r["has_scores"]) for r in runs["runs"]] == [
        (study["runs"][0], "judge-one", True),
        (study["runs"][1], "judge-two", False),
    ]
    refused = signed_in("sel-ling1").get(
        f"/api/admin/projects/{study['project'].slug}/corpus-runs/"
    )
    assert refused.status_code in (403, 404)
    assert "judge-one" not in refused.content.decode()

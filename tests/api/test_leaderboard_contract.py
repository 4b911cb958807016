"""The leaderboard's answer is what its schema says (annotations/api/leaderboard_contract.py):
a real leaderboard, with a score run, a label run and a repeated run, validated against the
OpenAPI component the frontend's type is generated from, with no key the schema lacks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from drf_spectacular.generators import SchemaGenerator

from annotations.models import Release, Round
from tests.evaluators.test_runs import media, record_ids, release, scores_file, upload  # noqa: F401
from tests.people import signed_in
from tests.scoring.test_release_scores import labelled_round  # noqa: F401

pytestmark = pytest.mark.django_db(databases="__all__")


def closed(schema: Any) -> Any:
    """The OpenAPI 3.0 schema as JSON Schema: ``nullable`` as a null alternative, and every
    object with declared properties closed, so an undeclared key fails."""
    if isinstance(schema, list):
        return [closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: closed(value) for key, value in schema.items() if key != "nullable"}
    if "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    if schema.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def leaderboard_schema() -> dict[str, Any]:
    spec = SchemaGenerator().get_schema(request=None, public=True)
    spec = json.loads(json.dumps(spec, default=str))
    return {
        "$ref": "#/components/schemas/LeaderboardOutput",
        "components": closed(spec["components"]),
    }


def test_a_real_leaderboard_matches_its_schema_field_by_field(
    release: Release,  # noqa: F811
    labelled_round: Round,  # noqa: F811
    tmp_path: Path,
) -> None:
    ids, labels = record_ids(release)
    for run in (1, 2):  # two runs: the evaluator's self-agreement
        path = scores_file(tmp_path / f"metric{run}.csv", ids, labels, bad=0.1, good=0.8 + run / 20)
        upload(release, path, "--evaluator", "Metric", "--run", str(run))
    llm = tmp_path / "llm.jsonl"
    llm.write_text(
        "".join(
            json.dumps(
                {
                    "record_id": i,
                    # An abstention, types, and spans: every section of the answer is filled.
                    "label": "abstain" if n == 1 else 0 if n % 3 else 1,
                    **(
                        {"error_types": ["Extrinsic Information"], "spans": [[0, 3, "x"]]}
                        if n % 3
                        else {}
                    ),
                }
            )
            + "\n"
            for n, i in enumerate(ids)
        )
    )
    upload(release, llm, "--evaluator", "Judge", "--kind", "llm")

    board = signed_in("researcher").get(f"/api/releases/{release.pk}/leaderboard/").json()

    jsonschema.validate(board, leaderboard_schema())
    sentence = board["levels"]["sentence"]
    assert {entry["kind"] for entry in sentence["evaluators"].values()} == {"score", "label"}
    assert board["self_agreement"]["Metric"]["sentence"]["runs"] == 2
    assert board["success"]["Judge"]["sentence"]["abstained"] == 1
    assert board["correlations"]["faithfulness"]["evaluators"].keys() == {"Metric", "Judge"}
    assert "all" in board["spans"]["Judge"]
    assert set(board["strata"]["sentence"]) == {"corpus", "system_category"}


def test_the_schema_refuses_a_leaderboard_with_an_undeclared_key() -> None:
    """The check above can fail: a key the serializers do not declare is refused."""
    level_error = {"error": "no record to measure on", "extra": 1}
    board = {
        "release": "demo@1.0.0",
        "evaluators": [],
        "levels": {"sentence": level_error, "summary": None},
        "self_agreement": {},
        "explanations_same": {},
        "correlations": {
            "faithfulness": None,
            "completeness": None,
            "conciseness": None,
            "acu_score": None,
        },
        "strata": {},
        "spans": {},
        "key_facts": {},
        "acus": {},
        "error_type_accuracy": {},
        "success": {},
    }
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(board, leaderboard_schema())
    board["levels"]["sentence"] = {"error": "no record to measure on"}
    jsonschema.validate(board, leaderboard_schema())

"""The untimed set-up of our side of bench_peers.py, run in a child process inside our Django
(the bench database's production environment comes from the parent).

    python bench/peers/ours_setup.py users --linguists 20
        the admin (a superuser) and the linguists, each with a DRF token
    python bench/peers/ours_setup.py round SLUG --linguists 20
        an open production round over every unit of project SLUG, the units shared out among
        the linguists (overlap 1), and the reference round the import made

Prints one line ``RESULT <json>``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

ADMIN = "bench-admin"


def _linguist(index: int) -> str:
    return f"linguist{index:02d}"


def users(linguists: int) -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    User = get_user_model()
    admin = User.objects.create_superuser(username=ADMIN, email="", password=None)
    tokens = []
    for index in range(linguists):
        user = User.objects.create_user(username=_linguist(index))  # no password
        tokens.append(Token.objects.create(user=user).key)
    return {"admin": Token.objects.create(user=admin).key, "linguists": tokens}


def open_round(slug: str, linguists: int) -> dict:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from annotations.models import (
        Assignment,
        GuidelineVersion,
        Project,
        Role,
        Round,
        RoundKind,
        Topic,
    )
    from annotations.services.projects import membership_add
    from annotations.services.rounds import round_assign_units, round_open

    project = Project.objects.get(slug=slug)
    reference = Round.objects.get(project=project, kind=RoundKind.REFERENCE)
    people = list(
        get_user_model()
        .objects.filter(username__in=[_linguist(i) for i in range(linguists)])
        .order_by("username")
    )
    for user in people:
        membership_add(project=project, user=user, role=Role.ANNOTATOR)
    guideline = GuidelineVersion.objects.create(
        project=project, version=1, markdown="# Guidelines\n\nJudge every sentence.\n"
    )
    round_ = Round.objects.create(
        project=project,
        name="Side-by-side load",
        kind=RoundKind.PRODUCTION,
        overlap=1,
        guideline_version=guideline,
        seed=1,
    )
    topics = list(
        Topic.objects.filter(document__corpus__project=project)
        .order_by("id")
        .values_list("id", flat=True)
    )
    round_assign_units(round=round_, topic_ids=topics, annotators=people)
    round_open(round=round_)
    owned = []
    for user in people:
        ids = list(
            Assignment.objects.filter(round=round_, annotator=user)
            .order_by("id")
            .values_list("id", flat=True)
        )
        owned.append([Token.objects.get(user=user).key, ids])
    return {"reference_round": reference.pk, "round": round_.pk, "linguists": owned}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["users", "round"])
    parser.add_argument("slug", nargs="?")
    parser.add_argument("--linguists", type=int, default=20)
    args = parser.parse_args()
    import django

    django.setup()
    if args.what == "users":
        result = users(args.linguists)
    else:
        result = open_round(args.slug, args.linguists)
    print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    main()

"""The one gold rule (annotations/agreement/gold.py): precedence and provenance."""

from __future__ import annotations

from annotations.agreement.gold import Gold, decided, types_by_count, voted


def inconsistent(tied: list[str]) -> str:
    return "inconsistent"


def test_a_vote_says_how_it_was_decided() -> None:
    assert voted(["consistent"], tie=inconsistent) == Gold("consistent", "single")
    assert voted(["consistent", "consistent"], tie=inconsistent) == Gold("consistent", "unanimous")
    assert voted(["a", "a", "b"], tie=inconsistent) == Gold("a", "majority")
    assert voted(["consistent", "inconsistent"], tie=inconsistent) == Gold("inconsistent", "tie")
    # A rater who did not answer keeps the others from being unanimous.
    assert voted(["a", None], tie=inconsistent) == Gold("a", "majority")
    assert voted([None, ""], tie=inconsistent) == Gold(None, None)


def test_adjudicated_beats_reviewed_beats_the_vote() -> None:
    votes = ["inconsistent", "inconsistent"]
    assert decided(votes, tie=inconsistent) == Gold("inconsistent", "unanimous")
    assert decided(votes, tie=inconsistent, reviewed="consistent") == Gold("consistent", "reviewed")
    assert decided(
        votes, tie=inconsistent, reviewed="consistent", adjudicated="inconsistent"
    ) == Gold("inconsistent", "adjudicated")
    # Nothing answered but an admin decided: still a gold value.
    assert decided([], tie=inconsistent, adjudicated="main") == Gold("main", "adjudicated")


def test_a_type_counts_when_enough_flaggers_chose_it() -> None:
    sets = [("Extrinsic", "Wrong entity"), ("Extrinsic",), ("Extrinsic", "Negation")]
    assert types_by_count(sets, min_count=2) == ("Extrinsic",)
    assert types_by_count(sets, min_count=1) == ("Extrinsic", "Wrong entity", "Negation")
    assert types_by_count(sets, min_count=3) == ("Extrinsic",)
    # Fewer flaggers than the bar: all of them must agree; one flagger's types are theirs.
    assert types_by_count([("Negation", "Negation")], min_count=2) == ("Negation",)
    assert types_by_count([("A",), ("B",)], min_count=3) == ()
    assert types_by_count([], min_count=2) == ()

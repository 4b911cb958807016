"""Who may sign in through the identity provider, and as whom (annotations/oidc/rules.py)."""

from __future__ import annotations

from annotations.oidc.rules import ClaimRule, decide

LENA = {
    "sub": "1",
    "preferred_username": "lena.sso",
    "email": "lena@Lab.Example",
    "email_verified": True,
    "groups": ["annotators"],
}


def rule(**kwargs: object) -> ClaimRule:
    values: dict[str, object] = {
        "username_claim": "preferred_username",
        "allowed_domains": [],
        "groups_claim": "groups",
        "allowed_groups": [],
    }
    values.update(kwargs)
    return ClaimRule.of(**values)  # type: ignore[arg-type]


def test_without_a_rule_everyone_the_provider_signs_in_is_allowed() -> None:
    assert decide(LENA, rule()).username == "lena.sso"


def test_the_username_comes_from_the_configured_claim() -> None:
    assert decide(LENA, rule(username_claim="email")).username == "lena@Lab.Example"
    assert decide(LENA, rule(username_claim="sub")).username == "1"


def test_a_missing_or_unusable_username_claim_is_refused_naming_the_claim() -> None:
    refusal = decide({"sub": "1"}, rule()).refusal
    assert refusal is not None
    assert "'preferred_username'" in refusal
    assert decide({**LENA, "preferred_username": "has space"}, rule()).refusal is not None
    assert decide({**LENA, "preferred_username": "x" * 151}, rule()).refusal is not None
    assert decide({**LENA, "preferred_username": ["lena"]}, rule()).refusal is not None


def test_a_domain_rule_matches_case_insensitively_and_ignores_a_leading_at() -> None:
    assert decide(LENA, rule(allowed_domains=["@LAB.example "])).username == "lena.sso"


def test_a_domain_rule_refuses_another_domain_naming_what_is_needed() -> None:
    refusal = decide(LENA, rule(allowed_domains=["uni.example"])).refusal
    assert refusal is not None
    assert "lena.sso" in refusal
    assert "uni.example" in refusal


def test_an_unverified_email_proves_no_domain() -> None:
    claims = {**LENA, "email_verified": False}
    assert decide(claims, rule(allowed_domains=["lab.example"])).refusal is not None


def test_a_subdomain_or_a_lookalike_is_not_the_domain() -> None:
    for email in ("lena@mail.lab.example", "lena@lab.example.evil", "lena@x@lab.example"):
        claims = {**LENA, "email": email}
        assert decide(claims, rule(allowed_domains=["lab.example"])).refusal is not None, email


def test_a_group_rule_accepts_a_list_or_a_space_separated_string() -> None:
    assert decide(LENA, rule(allowed_groups=["annotators"])).username == "lena.sso"
    claims = {**LENA, "groups": "staff annotators"}
    assert decide(claims, rule(allowed_groups=["annotators"])).username == "lena.sso"
    assert decide({**LENA, "groups": None}, rule(allowed_groups=["annotators"])).refusal


def test_a_group_rule_reads_the_configured_claim() -> None:
    claims = {**LENA, "roles": ["annotators"], "groups": []}
    assert decide(claims, rule(allowed_groups=["annotators"])).refusal is not None
    decision = decide(claims, rule(groups_claim="roles", allowed_groups=["annotators"]))
    assert decision.username == "lena.sso"


def test_with_both_rules_either_one_admits() -> None:
    both = rule(allowed_domains=["uni.example"], allowed_groups=["annotators"])
    assert decide(LENA, both).username == "lena.sso"
    outsider = {**LENA, "groups": ["visitors"]}
    refusal = decide(outsider, both).refusal
    assert refusal is not None
    assert "uni.example" in refusal
    assert "annotators" in refusal

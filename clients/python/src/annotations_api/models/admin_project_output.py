from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.admin_project_output_scheme import AdminProjectOutputScheme
    from ..models.admin_round_output import AdminRoundOutput
    from ..models.corpus_counts_output import CorpusCountsOutput
    from ..models.guideline_summary_output import GuidelineSummaryOutput
    from ..models.member_output import MemberOutput
    from ..models.paused_member_output import PausedMemberOutput
    from ..models.targets_output import TargetsOutput
    from ..models.unread_replies_output import UnreadRepliesOutput


T = TypeVar("T", bound="AdminProjectOutput")


@_attrs_define
class AdminProjectOutput:
    """
    Attributes:
        slug (str):
        name (str):
        scheme (AdminProjectOutputScheme):
        members (list[MemberOutput]):
        guidelines (list[GuidelineSummaryOutput]):
        rounds (list[AdminRoundOutput]):
        corpora (list[CorpusCountsOutput]):
        targets (TargetsOutput):
        key_fact_sources (list[str]): The sources of the given key-fact lists imported for this project's units (a round
            can align one instead of writing key facts).
        given_atomic_facts (int): How many summaries have given atomic facts to verify.
        unread_replies (list[UnreadRepliesOutput]): Annotators' replies to feedback no admin has read, per round and
            unit.
        keyed_units (int): How many units have an answer key (gold units are drawn from them).
        paused (list[PausedMemberOutput]): Annotators paused by a round's gold-unit accuracy threshold.
    """

    slug: str
    name: str
    scheme: AdminProjectOutputScheme
    members: list[MemberOutput]
    guidelines: list[GuidelineSummaryOutput]
    rounds: list[AdminRoundOutput]
    corpora: list[CorpusCountsOutput]
    targets: TargetsOutput
    key_fact_sources: list[str]
    given_atomic_facts: int
    unread_replies: list[UnreadRepliesOutput]
    keyed_units: int
    paused: list[PausedMemberOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        slug = self.slug

        name = self.name

        scheme = self.scheme.to_dict()

        members = []
        for members_item_data in self.members:
            members_item = members_item_data.to_dict()
            members.append(members_item)

        guidelines = []
        for guidelines_item_data in self.guidelines:
            guidelines_item = guidelines_item_data.to_dict()
            guidelines.append(guidelines_item)

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        corpora = []
        for corpora_item_data in self.corpora:
            corpora_item = corpora_item_data.to_dict()
            corpora.append(corpora_item)

        targets = self.targets.to_dict()

        key_fact_sources = self.key_fact_sources

        given_atomic_facts = self.given_atomic_facts

        unread_replies = []
        for unread_replies_item_data in self.unread_replies:
            unread_replies_item = unread_replies_item_data.to_dict()
            unread_replies.append(unread_replies_item)

        keyed_units = self.keyed_units

        paused = []
        for paused_item_data in self.paused:
            paused_item = paused_item_data.to_dict()
            paused.append(paused_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "slug": slug,
                "name": name,
                "scheme": scheme,
                "members": members,
                "guidelines": guidelines,
                "rounds": rounds,
                "corpora": corpora,
                "targets": targets,
                "key_fact_sources": key_fact_sources,
                "given_atomic_facts": given_atomic_facts,
                "unread_replies": unread_replies,
                "keyed_units": keyed_units,
                "paused": paused,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.admin_project_output_scheme import AdminProjectOutputScheme
        from ..models.admin_round_output import AdminRoundOutput
        from ..models.corpus_counts_output import CorpusCountsOutput
        from ..models.guideline_summary_output import GuidelineSummaryOutput
        from ..models.member_output import MemberOutput
        from ..models.paused_member_output import PausedMemberOutput
        from ..models.targets_output import TargetsOutput
        from ..models.unread_replies_output import UnreadRepliesOutput

        d = dict(src_dict)
        slug = d.pop("slug")

        name = d.pop("name")

        scheme = AdminProjectOutputScheme.from_dict(d.pop("scheme"))

        members = []
        _members = d.pop("members")
        for members_item_data in _members:
            members_item = MemberOutput.from_dict(members_item_data)

            members.append(members_item)

        guidelines = []
        _guidelines = d.pop("guidelines")
        for guidelines_item_data in _guidelines:
            guidelines_item = GuidelineSummaryOutput.from_dict(guidelines_item_data)

            guidelines.append(guidelines_item)

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = AdminRoundOutput.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        corpora = []
        _corpora = d.pop("corpora")
        for corpora_item_data in _corpora:
            corpora_item = CorpusCountsOutput.from_dict(corpora_item_data)

            corpora.append(corpora_item)

        targets = TargetsOutput.from_dict(d.pop("targets"))

        key_fact_sources = cast(list[str], d.pop("key_fact_sources"))

        given_atomic_facts = d.pop("given_atomic_facts")

        unread_replies = []
        _unread_replies = d.pop("unread_replies")
        for unread_replies_item_data in _unread_replies:
            unread_replies_item = UnreadRepliesOutput.from_dict(unread_replies_item_data)

            unread_replies.append(unread_replies_item)

        keyed_units = d.pop("keyed_units")

        paused = []
        _paused = d.pop("paused")
        for paused_item_data in _paused:
            paused_item = PausedMemberOutput.from_dict(paused_item_data)

            paused.append(paused_item)

        admin_project_output = cls(
            slug=slug,
            name=name,
            scheme=scheme,
            members=members,
            guidelines=guidelines,
            rounds=rounds,
            corpora=corpora,
            targets=targets,
            key_fact_sources=key_fact_sources,
            given_atomic_facts=given_atomic_facts,
            unread_replies=unread_replies,
            keyed_units=keyed_units,
            paused=paused,
        )

        admin_project_output.additional_properties = d
        return admin_project_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

"""factory_boy factories for the domain models: a corpus unit with summaries and sentences,
projects with the TofuEval taxonomy copy, rounds and assignments."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

from annotations.management.commands.load_demo import PASSWORD
from annotations.models import (
    Assignment,
    Corpus,
    Document,
    ErrorTaxonomy,
    GuidelineVersion,
    Project,
    Round,
    RoundKind,
    Summary,
    SummarySentence,
    Topic,
    Turn,
)
from annotations.services.taxonomies import taxonomy_copy


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password(PASSWORD)  # tests/people.py signs anyone in


class ProjectFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Project

    slug = factory.Sequence(lambda n: f"project-{n}")
    name = factory.LazyAttribute(lambda o: o.slug.title())
    # Each project annotates with its own copy of the built-in TofuEval taxonomy.
    taxonomy = factory.LazyAttribute(
        lambda o: taxonomy_copy(
            source=ErrorTaxonomy.objects.get(slug="tofueval"),
            slug=f"{o.slug}-tofueval",
            name=f"TofuEval ({o.slug})",
        )
    )


class CorpusFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Corpus

    project = factory.SubFactory(ProjectFactory)
    slug = factory.Sequence(lambda n: f"corpus-{n}")


class DocumentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Document

    corpus = factory.SubFactory(CorpusFactory)
    external_id = factory.Sequence(lambda n: f"doc-{n}")
    content_hash = "0" * 64


class TurnFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Turn

    document = factory.SubFactory(DocumentFactory)
    position = factory.Sequence(int)
    speaker = "HOST"
    text = "Welcome to the show."
    start = 0
    end = factory.LazyAttribute(lambda o: o.start + len(o.text))


class TopicFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Topic

    document = factory.SubFactory(DocumentFactory)
    name = factory.Sequence(lambda n: f"Topic {n}")
    position = factory.Sequence(int)


class SummaryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Summary

    topic = factory.SubFactory(TopicFactory)
    system = factory.Sequence(lambda n: f"System-{n}")
    external_id = factory.LazyAttribute(lambda o: o.system)
    text = "The council approved the line. Ridership will double."
    position = factory.Sequence(int)


class SentenceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = SummarySentence

    summary = factory.SubFactory(SummaryFactory)
    position = factory.Sequence(int)
    text = "The council approved the line."
    start = 0
    end = factory.LazyAttribute(lambda o: o.start + len(o.text))


class GuidelineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = GuidelineVersion

    project = factory.SubFactory(ProjectFactory)
    version = factory.Sequence(lambda n: n + 1)
    markdown = "# Guidelines"


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    project = factory.SubFactory(ProjectFactory)
    name = factory.Sequence(lambda n: f"Pilot {n}")
    kind = RoundKind.PILOT
    overlap = 2


class AssignmentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Assignment

    round = factory.SubFactory(RoundFactory)
    topic = factory.SubFactory(TopicFactory)
    annotator = factory.SubFactory(UserFactory)

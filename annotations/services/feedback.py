"""Feedback from an admin to an annotator, optionally about one sentence."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from annotations.models import Feedback, Round, SummarySentence


def feedback_send(
    *,
    round: Round,
    annotator: AbstractBaseUser,
    author: AbstractBaseUser,
    text: str,
    sentence: SummarySentence | None = None,
) -> Feedback:
    return Feedback.objects.create(
        round=round, annotator_id=annotator.pk, author_id=author.pk, text=text, sentence=sentence
    )

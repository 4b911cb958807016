"""Releases: create (validated), build (streamed, in a temporary directory), publish
atomically. See docs/releases.md for the states:

    building ──build ok, publish (one transaction)──▶ published   (never changes again)
    building ──error / worker killed──▶ failed ──retry──▶ building

A build writes every file under a private temporary directory on the building machine
(settings.RELEASE_BUILD_ROOT), then the zip, then saves the zip to the storage (local disk
or a bucket, docs/storage.md) and flips the row to *published* in one transaction; a
published release for the same version (a concurrent build) makes the publish fail instead,
and the stored zip is deleted. Nothing half-built is ever visible.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import random
import re
import shutil
import tempfile
import zipfile
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import groupby
from pathlib import Path
from typing import Any, BinaryIO, cast

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from annotations.agreement.gold import GOLD_RULES
from annotations.formats.dataset_card import dataset_card
from annotations.formats.writers.aggrefact import write_aggrefact
from annotations.formats.writers.circumstantial import write_circumstantial
from annotations.formats.writers.encoding import json_line
from annotations.formats.writers.finesure import (
    write_finesure,
    write_finesure_completeness,
    write_finesure_keyfacts,
)
from annotations.formats.writers.llm_aggrefact import dataset_names, write_llm_aggrefact
from annotations.formats.writers.native import native_record
from annotations.formats.writers.rose import write_rose
from annotations.formats.writers.rows import ExportError, SummaryRow
from annotations.formats.writers.spans import write_spans
from annotations.formats.writers.tofueval import PUBLISHED_DIFFERENCES, write_tofueval
from annotations.models import (
    AgreementReport,
    Corpus,
    Document,
    Project,
    Release,
    ReleaseFile,
    ReleaseStatus,
    Round,
    RoundKind,
    RoundStatus,
)
from annotations.models.webhooks import WebhookEvent
from annotations.selectors.release_competence import release_sentence_model
from annotations.selectors.release_gold import tie_rules
from annotations.selectors.release_rows import summary_rows, topic_rows
from annotations.selectors.release_scope import (
    ReleaseScope,
    annotator_ids,
    release_topic_ids,
    unlabelled_units,
)
from annotations.services.dispatch import first_dispatch_after, waiting
from annotations.services.leases import (
    build_root,
    failure_message,
    lease_heartbeat,
    lease_renew,
    release_claim,
    step_pause,
)
from annotations.services.release_archive import ReleaseArchive
from annotations.services.release_scores import ReleaseScores
from annotations.services.selection_export import selection_write
from annotations.services.stored_files import local_copy, stored_save
from annotations.services.webhooks import release_failed_emit, webhook_emit

FORMATS = (
    "native",
    "tofueval",
    "aggrefact",
    "llm_aggrefact",
    "finesure",
    "spans",
    "circumstantial",
    "rose",
)
NEEDS_DIALOGUE = {"aggrefact", "llm_aggrefact", "finesure", "circumstantial", "rose"}
# "spans" lists every annotator's spans beside the gold ones.
NEEDS_ANNOTATORS = {"native", "finesure", "spans"}
VERSION = re.compile(r"^\d+\.\d+\.\d+$")
SPLIT_METHODS = ("document", "corpus", "file")


class ReleaseInvalid(ValueError):
    def __init__(self, errors: dict[str, Any]) -> None:
        super().__init__("; ".join(f"{k}: {v}" for k, v in errors.items()))
        self.errors = errors


# Assisted rounds (docs/models-in-the-loop.md): which labels a release is built from. "final"
# and "pre_reveal" put that label in ``label`` (and every vote); "both" keeps the final label
# there and writes the pre-reveal one beside it in the native rows.
ASSISTED_LABELS = ("both", "final", "pre_reveal")


def release_config_validate(*, project: Project, config: dict[str, Any]) -> dict[str, Any]:
    """Check a release request and return its normalised config, or raise ReleaseInvalid
    naming every field that is wrong (and, unless ``only_complete``, each unlabelled unit)."""
    errors: dict[str, Any] = {}
    version = str(config.get("version", ""))
    if not VERSION.match(version):
        errors["version"] = [f"a semantic version MAJOR.MINOR.PATCH such as 1.0.0, got {version!r}"]
    elif Release.objects.filter(
        project=project, version=version, status=ReleaseStatus.PUBLISHED
    ).exists():
        errors["version"] = [f"version {version} is published; a correction needs a new version"]
    round_ids = config.get("rounds") or []
    known = set(
        Round.objects.filter(project=project, pk__in=round_ids).values_list("pk", flat=True)
    )
    if not round_ids:
        errors["rounds"] = ["name at least one round of this project"]
    elif set(round_ids) - known:
        errors["rounds"] = [f"not rounds of this project: {sorted(set(round_ids) - known)}"]
    formats = config.get("formats") or []
    unknown = [f for f in formats if f not in FORMATS]
    if not formats or unknown:
        errors["formats"] = [
            f"choose from {', '.join(FORMATS)}"
            + (f"; unknown: {', '.join(unknown)}" if unknown else "")
        ]
    gold_rule = config.get("gold", "majority")
    if gold_rule not in GOLD_RULES:
        errors["gold"] = [
            f"the gold-label rule is one of {', '.join(GOLD_RULES)} (adjudicated and confirmed"
            f" review decisions first); got {str(gold_rule)[:40]!r}"
        ]
    mappings = config.get("mappings") or {}
    allowed_mappings = {"topic_category": {"merge_marginal"}, "relevance": {"binary"}}
    for key, value in mappings.items():
        if value not in allowed_mappings.get(key, set()):
            errors["mappings"] = [
                f"unknown mapping {key}={value!r}; allowed: topic_category="
                "merge_marginal, relevance=binary"
            ]
    type_min_count = config.get("type_min_count", 2)
    if (
        not isinstance(type_min_count, int)
        or isinstance(type_min_count, bool)
        or not 1 <= type_min_count <= 20
    ):
        errors["type_min_count"] = [
            "how many flaggers must choose an error type for it to be gold: 1 to 20 (default 2)"
        ]
    assisted_labels = config.get("assisted_labels", "both")
    if assisted_labels not in ASSISTED_LABELS:
        errors["assisted_labels"] = [
            f"which labels of assisted units: one of {', '.join(ASSISTED_LABELS)} (default both)"
        ]
    split = config.get("split") or {"method": "corpus"}
    method = split.get("method")
    if method not in SPLIT_METHODS:
        errors["split"] = [f"method is one of {', '.join(SPLIT_METHODS)}"]
    elif method == "document" and not 0 < float(split.get("dev", 0.7)) < 1:
        errors["split"] = ["dev is the share of documents in dev, between 0 and 1"]
    elif method == "file" and not isinstance(split.get("documents"), dict):
        errors["split"] = ['a split file is {"dev": [doc ids], "test": [doc ids]}']
    if not errors:
        missing = unlabelled_units(sorted(known), asks_consistency=project.ask_consistency)
        if missing and not config.get("only_complete"):
            errors["missing"] = missing
            errors["detail_missing"] = [
                f"{len(missing)} unit(s) have unlabelled sentences; label them or ask for"
                " complete units only"
            ]
    if errors:
        raise ReleaseInvalid(errors)
    return {
        "version": version,
        "rounds": sorted(known),
        "gold": gold_rule,
        "mappings": mappings,
        "split": split,
        "formats": [f for f in FORMATS if f in formats],
        "only_complete": bool(config.get("only_complete")),
        "type_min_count": type_min_count,
        # TofuEval removed the outputs its annotators flagged as not a summary at all (23):
        # with this on, a summary whose gold not-a-summary flag is set is in no file.
        "drop_not_a_summary": bool(config.get("drop_not_a_summary")),
        "assisted_labels": assisted_labels,
    }


@transaction.atomic
def release_create(
    *, project: Project, user: AbstractBaseUser | None, config: dict[str, Any]
) -> Release:
    """Save the release to build; the caller sends its build (``dispatch_on_commit``)."""
    clean = release_config_validate(project=project, config=config)
    return Release.objects.create(
        project=project,
        version=clean["version"],
        config=clean,
        created_by_id=getattr(user, "pk", None),
        dispatch_after=first_dispatch_after(),
    )


def _splitter(project: Project, config: dict[str, Any]) -> Callable[[str, str, str], str]:
    split = config["split"]
    if split["method"] == "corpus":
        return lambda corpus, doc, stored: stored
    if split["method"] == "file":
        listed = {doc: name for name, docs in split["documents"].items() for doc in docs}
        return lambda corpus, doc, stored: listed.get(doc, "none")
    # By document, seeded: the same seed always gives the same split, and every summary of
    # a document goes with it, so no document straddles dev and test.
    documents = sorted(
        Document.objects.filter(topics__id__in=release_topic_ids(config["rounds"]))
        .distinct()
        .values_list("corpus__slug", "external_id")
    )
    random.Random(int(split.get("seed", 0))).shuffle(documents)
    n_dev = round(len(documents) * float(split.get("dev", 0.7)))
    assigned = {key: ("dev" if i < n_dev else "test") for i, key in enumerate(documents)}
    return lambda corpus, doc, stored: assigned.get((corpus, doc), "none")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_formats(
    archive: ReleaseArchive,
    scratch: Path,
    scope: ReleaseScope,
    formats: list[str],
    progress: Callable[[int, str], None],
    scores: ReleaseScores | None = None,
    dropped: Counter[str] | None = None,
) -> Counter[str]:
    """Write every format into the archive; returns the number of summaries per split.
    ``scores`` taps the first pass's rows for scores.csv (services/release_scores.py).
    With ``drop_not_a_summary``, summaries flagged not a summary are left out of every
    format, and ``dropped`` counts them per split."""
    splits: Counter[str] = Counter()

    def rows(name: str, *, by_split: bool = False) -> Iterable[SummaryRow]:
        # The first pass (whatever its format) also counts summaries per split. Each format
        # reads only what it writes: the dialogue for those that print it, the annotators'
        # raw labels for those that list them.
        counting = not splits
        needs = replace(
            scope,
            with_turns=name in NEEDS_DIALOGUE,
            with_annotators=name in NEEDS_ANNOTATORS,
        )
        source = summary_rows(needs, by_split=by_split)
        if scope.drop_not_a_summary:
            source = _kept(source, dropped if counting else None)
        for row in scores.tap(source) if scores is not None else source:
            if counting:
                splits[row.split] += 1
            yield row

    for index, name in enumerate(formats):
        progress(10 + 80 * index // len(formats), f"writing {name}")
        if name == "native":
            _write_native_splits(archive, rows(name, by_split=True))
        elif name == "spans":
            # One file per split, as the native records: a dataset card config with splits.
            for split, group in groupby(rows(name, by_split=True), key=lambda row: row.split):
                with archive.entry(f"spans/{split}.jsonl", skip_empty=True) as stream:
                    stream.records = write_spans(cast(BinaryIO, stream), group)
        elif name == "llm_aggrefact":
            # One file per split, as the leaderboard's dataset; one dataset name per corpus.
            names = dataset_names(
                scope.project.slug,
                Corpus.objects.filter(project=scope.project).values_list("slug", "source_format"),
            )
            for split, group in groupby(rows(name, by_split=True), key=lambda row: row.split):
                with archive.entry(f"llm_aggrefact/{split}.jsonl", skip_empty=True) as stream:
                    stream.records = write_llm_aggrefact(
                        cast(BinaryIO, stream), group, dataset=names
                    )
        elif name == "tofueval":
            # Several files written side by side: on disk first, then into the archive.
            out = scratch / "tofueval"
            for written in write_tofueval(out, rows(name), topic_rows(scope)):
                archive.add(
                    out / written.path,
                    f"tofueval/{written.path}",
                    records=written.records,
                    skip_empty=True,
                )
            shutil.rmtree(out)
        else:
            writer, filename = {
                "aggrefact": (
                    lambda s, r: write_aggrefact(s, r, dataset=scope.project.slug),
                    "aggrefact/aggrefact.csv",
                ),
                "finesure": (write_finesure, "finesure/finesure.jsonl"),
                "circumstantial": (write_circumstantial, "circumstantial/circumstantial.csv"),
                "rose": (write_rose, "rose/rose.jsonl"),
            }[name]
            with archive.entry(filename, skip_empty=True) as stream:
                stream.records = writer(stream, rows(name))
            if name == "finesure":
                # What FineSurE's own completeness/conciseness evaluation can score.
                with archive.entry("finesure/completeness.jsonl", skip_empty=True) as stream:
                    stream.records = write_finesure_completeness(cast(BinaryIO, stream), rows(name))
                # The key-fact list beside the records, as FineSurE ships it.
                with archive.entry("finesure/keyfacts.jsonl", skip_empty=True) as stream:
                    stream.records = write_finesure_keyfacts(cast(BinaryIO, stream), rows(name))
    return splits


def _kept(rows: Iterable[SummaryRow], dropped: Counter[str] | None) -> Iterator[SummaryRow]:
    """The rows that are summaries: those whose gold not-a-summary flag is not set."""
    for row in rows:
        if row.not_a_summary:
            if dropped is not None:
                dropped[row.split] += 1
            continue
        yield row


def left_out(formats: list[str], files: dict[str, Any], skipped: list[str]) -> dict[str, Any]:
    """What a release does not hold because it had nothing to export: each chosen format
    with no file at all (every format writes under its own directory), and the empty files
    of the formats that have others."""
    empty_formats = [name for name in formats if not any(f.startswith(f"{name}/") for f in files)]
    return {
        "formats": empty_formats,
        "files": sorted(f for f in skipped if f.split("/", 1)[0] not in empty_formats),
    }


def _write_native_splits(archive: ReleaseArchive, rows: Iterable[SummaryRow]) -> None:
    """native/<split>.jsonl: the rows come grouped by split, so one file is open at a time."""
    stream = None
    split = None
    records = 0
    try:
        for row in rows:
            if stream is None or split != row.split:
                if stream is not None:
                    stream.records = records
                    stream.close()
                split, records = row.split, 0
                stream = archive.entry(f"native/{split}.jsonl", skip_empty=True)
            stream.write(json_line(native_record(row)))
            records += 1
    except BaseException:
        if stream is not None:
            stream.abandon()
        raise
    if stream is not None:
        stream.records = records
        stream.close()


def _agreement(round_ids: list[int]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for report in (
        AgreementReport.objects.filter(round_id__in=round_ids)
        .select_related("round")
        .order_by("computed_at")
    ):
        # Each coefficient with its name, interval and n: a bare number says too little.
        figures[report.round.name] = {
            q["key"]: {
                "question": q.get("label", q["key"]),
                "coefficient": (q.get("coefficient") or {}).get("name"),
                "value": (q.get("coefficient") or {}).get("value"),
                "ci": (q.get("coefficient") or {}).get("ci"),
                "n_units": q.get("n_units"),
            }
            for q in report.results.get("questions", [])
        }
    return figures


def release_build(
    *, release_id: int, progress: Callable[[int, str], None] = lambda p, m: None
) -> Release:
    """Build and publish the release, or mark it failed with the reason.

    The build first claims the release's lease (services/leases.py): a duplicate delivery, or
    one for a release that is published, failed or being built by a live worker, does
    nothing. Every exception ends the release failed with its message; a retry
    (``release_retry``) starts from scratch in a new temporary directory."""
    if not release_claim(release_id):
        return Release.objects.get(pk=release_id)
    release = Release.objects.select_related("project").get(pk=release_id)

    def reporting(percent: int, message: str) -> None:
        lease_renew(Release, release_id)
        progress(percent, message)
        step_pause()

    with lease_heartbeat(Release, release_id):
        return _build(release, reporting)


def release_retry(*, release: Release) -> None:
    """Queue a failed build again, or send again one that no worker has started (the broker
    was down or lost it); its hand-over attempts start over. The caller sends the build
    (``dispatch_on_commit``)."""
    fresh = {
        "dispatch_attempts": 0,
        "dispatched_at": None,
        "dispatch_after": first_dispatch_after(),
    }
    updated = waiting(Release).filter(pk=release.pk).update(**fresh) or (
        Release.objects.filter(pk=release.pk, status=ReleaseStatus.FAILED).update(
            status=ReleaseStatus.BUILDING, error="", progress=0, lease_expires_at=None, **fresh
        )
    )
    if not updated:
        release.refresh_from_db()
        state = "being built" if release.status == ReleaseStatus.BUILDING else release.status
        refused = f"only a failed or waiting build can be retried ({state})"
        raise ReleaseInvalid({"status": [refused]})
    release.refresh_from_db()


def _build(release: Release, progress: Callable[[int, str], None]) -> Release:
    config = release.config
    root = build_root()
    root.mkdir(parents=True, exist_ok=True)
    # Named after the release, so the sweep can tell a live build's directory from one a
    # killed worker left behind.
    work = Path(tempfile.mkdtemp(prefix=f".build-{release.pk}-", dir=root))
    # The objects alive now (Django, the app, the worker) outlive the build: frozen, the
    # collector stops rescanning them on each of the many collections that millions of
    # short-lived row objects trigger (a tenth of a build's time).
    gc.freeze()
    try:
        excluded = (
            frozenset(
                u["topic"]
                for u in unlabelled_units(
                    config["rounds"], asks_consistency=release.project.ask_consistency
                )
            )
            if config["only_complete"]
            else frozenset()
        )
        scope = ReleaseScope(
            project=release.project,
            round_ids=config["rounds"],
            split_of=_splitter(release.project, config),
            merge_marginal=config["mappings"].get("topic_category") == "merge_marginal",
            binary_relevance=config["mappings"].get("relevance") == "binary",
            excluded_topics=excluded,
            # Releases configured before the rule existed kept every flagger's types.
            type_min_count=config.get("type_min_count", 1),
            drop_not_a_summary=bool(config.get("drop_not_a_summary")),
            assisted_labels=config.get("assisted_labels", "both"),
            gold_rule=config.get("gold", "majority"),
        )
        progress(1, "modelling the annotators (Dawid-Skene)")
        model = release_sentence_model(
            config["rounds"],
            annotator_ids=annotator_ids(config["rounds"]),
            excluded_topics=excluded,
        )
        scope = replace(scope, posteriors=model.posteriors)
        archive_path = work / "release.zip"
        with ReleaseArchive(archive_path) as archive:
            scores = ReleaseScores(work)
            dropped: Counter[str] = Counter()
            splits = _write_formats(
                archive, work, scope, config["formats"], progress, scores=scores, dropped=dropped
            )
            progress(91, "writing the scores")
            # Every release has scores.csv and system_scores.csv, whatever its formats, and
            # the error rates per summarizer under analysis/.
            score_table = scores.finish(archive, scope)
            # Rounds whose units evaluators chose: each unit's inclusion probability beside
            # the native records, the weighted rates in the manifest (selection_export.py).
            selection = (
                selection_write(archive, config["rounds"]) if "native" in config["formats"] else {}
            )
            progress(92, "writing the manifest and dataset card")
            files = {
                name: {"sha256": f.sha256, "size": f.size, "records": f.records}
                for name, f in sorted(archive.files.items())
            }
            rounds = list(
                Round.objects.filter(pk__in=config["rounds"]).select_related(
                    "guideline_version", "taxonomy_version__taxonomy"
                )
            )
            manifest = {
                "project": release.project.slug,
                "version": release.version,
                "created_at": timezone.now().isoformat(),
                "config": config,
                "rounds": [
                    {
                        "id": r.pk,
                        "name": r.name,
                        "kind": r.kind,
                        "status": r.status,
                        # The taxonomy version the round froze (docs/taxonomies.md).
                        "taxonomy_version": r.taxonomy_version.version
                        if r.taxonomy_version
                        else None,
                    }
                    for r in rounds
                ],
                # A round still open can change after the release: the release records it.
                # Not the adjudication round: it is always open by design (docs/review.md),
                # and the gold it holds is what the release was built from.
                "open_rounds": [
                    r.name
                    for r in rounds
                    if r.status == RoundStatus.OPEN and r.kind != RoundKind.ADJUDICATION
                ],
                "guideline_versions": sorted(
                    {r.guideline_version.version for r in rounds if r.guideline_version}
                ),
                "taxonomy_versions": sorted(
                    {
                        f"{r.taxonomy_version.taxonomy.slug} v{r.taxonomy_version.version}"
                        for r in rounds
                        if r.taxonomy_version
                    }
                ),
                "agreement": _agreement(config["rounds"]),
                # How every majority vote with a tie was decided (the code that decides it).
                "tie_rules": tie_rules(
                    binary_relevance=config["mappings"].get("relevance") == "binary"
                ),
                "annotators": sorted(
                    annotator_ids(config["rounds"]).values(), key=lambda a: int(a[1:])
                ),
                # The sentence-label gold rule and the Dawid-Skene model behind the soft
                # labels (and behind the gold under "posterior_mode"; docs/releases.md).
                "gold_rule": config.get("gold", "majority"),
                "competence": model.manifest,
                "counts": {"summaries": sum(splits.values()) or None, "per_split": dict(splits)},
                "excluded_units": sorted(excluded),
                # Summaries left out as not a summary (config drop_not_a_summary), per split.
                "dropped_not_a_summary": dict(dropped) if scope.drop_not_a_summary else None,
                # Per system: each score's mean, bootstrap interval and n (scores.md).
                "scores": score_table.as_dict(),
                # Error rates per summarizer (docs/evaluation.md): how they were computed;
                # the figures are the analysis/ files.
                "analysis": scores.analysis_summary(),
                **({"selection": selection} if selection else {}),
                # The notes on the published TofuEval files concern releases that hold
                # TofuEval's data, not every release written in its layout.
                "differences_from_published": list(PUBLISHED_DIFFERENCES)
                if "tofueval" in config["formats"]
                and Document.objects.filter(
                    corpus__source_format="tofueval",
                    topics__assignments__round_id__in=config["rounds"],
                ).exists()
                else [],
                "files": files,
                # Formats and files with nothing to export are not written (never as empty
                # files); the card says so.
                "left_out": left_out(config["formats"], files, archive.skipped),
            }
            taxonomy = [
                {"name": name, "definition": definition}
                for name, definition in release.project.taxonomy.types.order_by(
                    "position"
                ).values_list("name", "definition")
            ]
            card = dataset_card(
                manifest=manifest, project_name=release.project.name, taxonomy=taxonomy
            )
            # The card first, so the manifest lists its checksum too; only the manifest cannot
            # list its own (the release row records the archive's, docs/releases.md).
            with archive.entry("README.md") as stream:
                stream.write(card.encode("utf-8"))
            readme = archive.files["README.md"]
            files["README.md"] = {"sha256": readme.sha256, "size": readme.size, "records": None}
            with archive.entry("manifest.json") as stream:
                stream.write(json.dumps(manifest, indent=2, ensure_ascii=False).encode("utf-8"))
        manifest["archive_sha256"] = _sha256(archive_path)
        progress(95, "storing the archive")
        stored = stored_save(
            f"releases/{release.project.slug}/{release.version}-{release.pk}.zip", archive_path
        )
        try:
            _publish(release.pk, stored, manifest, files)
        except BaseException:
            # Not published (a concurrent build won, the database failed): keep nothing. The
            # publish's own error is the one to report, even if the delete fails too.
            with contextlib.suppress(Exception):
                release.archive.storage.delete(stored)
            raise
    except Exception as error:  # every failure ends the build failed, with its reason
        message = failure_message(
            error, expected=(ExportError, OSError, IntegrityError, ValueError)
        )
        with transaction.atomic():
            Release.objects.filter(pk=release.pk).update(
                status=ReleaseStatus.FAILED, error=message, progress=0, lease_expires_at=None
            )
            release_failed_emit(
                project_id=release.project_id,
                release_id=release.pk,
                version=release.version,
                error=message,
            )
    finally:
        gc.unfreeze()
        shutil.rmtree(work, ignore_errors=True)
    return Release.objects.get(pk=release.pk)


@transaction.atomic
def _publish(
    release_id: int, archive: str, manifest: dict[str, Any], files: dict[str, Any]
) -> None:
    """Flip the row to published with ``archive``, the stored zip's name in the storage."""
    release = Release.objects.select_for_update().get(pk=release_id)
    try:
        with transaction.atomic():
            release.status = ReleaseStatus.PUBLISHED
            release.progress = 100
            release.manifest = manifest
            release.archive.name = archive
            release.published_at = timezone.now()
            release.lease_expires_at = None
            release.save()
    except IntegrityError:
        # Another build of this version published first: this one must not.
        raise IntegrityError(f"version {release.version} was published by another build") from None
    ReleaseFile.objects.bulk_create(
        [
            ReleaseFile(
                release=release, name=name, sha256=f["sha256"], size=f["size"], records=f["records"]
            )
            for name, f in files.items()
        ]
    )
    webhook_emit(
        project_id=release.project_id,
        event=WebhookEvent.RELEASE_PUBLISHED,
        data={
            "release": {"id": release.pk, "version": release.version},
            "published_at": release.published_at,
            "files": {
                name: {"sha256": f["sha256"], "records": f["records"]} for name, f in files.items()
            },
        },
    )


def release_verify(release: Release) -> list[str]:
    """Files of the published archive whose bytes differ from the manifest (empty if none).
    Reads the whole archive: from a bucket, a temporary copy of it."""
    problems = []
    expected = release.manifest.get("files", {})
    with local_copy(release.archive) as path, zipfile.ZipFile(path) as packed:
        names = set(packed.namelist()) - {"manifest.json"}
        for name, info in expected.items():
            if name not in names:
                problems.append(f"{name} is missing")
                continue
            digest = hashlib.sha256()
            with packed.open(name) as stream:
                while block := stream.read(1 << 20):
                    digest.update(block)
            if digest.hexdigest() != info["sha256"]:
                problems.append(f"{name} differs from its manifest checksum")
    return problems

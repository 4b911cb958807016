"""The dataset card (README.md with YAML front matter) of a release. Pure.

The front matter declares one config per exported JSONL format with its split files, so
common dataset loaders read the release directly; the prose describes the task, labels,
taxonomy, agreement and limitations.
"""

from __future__ import annotations

from typing import Any

from annotations.formats.writers.spans import FEATURES as SPANS_FEATURES


def _yaml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _agreement_line(figure: dict[str, Any]) -> str:
    """ "Sentence consistency: Cohen's kappa 0.42 (95% CI 0.31 to 0.53; n = 129)"."""
    question = figure.get("question", "")
    if figure.get("value") is None:
        return f"{question}: not computable (n = {figure.get('n_units') or 0})"
    ci = figure.get("ci")
    interval = f"95% CI {ci[0]:.2f} to {ci[1]:.2f}; " if ci else ""
    return (
        f"{question}: {figure.get('coefficient') or 'coefficient'} {figure['value']:.2f}"
        f" ({interval}n = {figure.get('n_units')})"
    )


def _features(fields: list[dict[str, Any]], indent: str) -> list[str]:
    """A ``features`` list of a card's ``dataset_info`` as YAML lines."""
    lines = []
    for field in fields:
        lines.append(f"{indent}- name: {field['name']}")
        if "list" in field:
            lines.append(f"{indent}  list:")
            lines += _features(field["list"], indent + "  ")
        else:
            lines.append(f"{indent}  dtype: {field['dtype']}")
    return lines


def _left_out_lines(left_out: dict[str, Any]) -> list[str]:
    """The formats and files a release does not hold because they had nothing to export."""
    formats, files = left_out.get("formats") or [], left_out.get("files") or []
    if not formats and not files:
        return []
    lines = ["", "Left out because they had nothing to export (no file is written empty):", ""]
    lines += [f"- the `{name}` format: no records in these rounds" for name in formats]
    lines += [f"- `{name}`: no records" for name in files]
    return lines


def dataset_card(
    *, manifest: dict[str, Any], project_name: str, taxonomy: list[dict[str, str]]
) -> str:
    files = manifest["files"]
    configs = []
    native = sorted(name for name in files if name.startswith("native/"))
    if native:
        configs.append(("default", [(n.split("/")[1].removesuffix(".jsonl"), n) for n in native]))
    llm = [
        (split, f"llm_aggrefact/{split}.jsonl")
        for split in ("dev", "test")
        if f"llm_aggrefact/{split}.jsonl" in files
    ]
    if llm:
        configs.append(("llm_aggrefact", llm))
    # One file of every unit; "all" is a name the datasets library reserves.
    if "finesure/finesure.jsonl" in files:
        configs.append(("finesure", [("full", "finesure/finesure.jsonl")]))
    if "rose/rose.jsonl" in files and files["rose/rose.jsonl"].get("records"):
        configs.append(("rose", [("full", "rose/rose.jsonl")]))
    spans = sorted(name for name in files if name.startswith("spans/"))
    if spans:
        configs.append(("spans", [(n.split("/")[1].removesuffix(".jsonl"), n) for n in spans]))
    lines = [
        "---",
        f"pretty_name: {_yaml_string(project_name)}",
        "license: other",
        "task_categories:",
        "- text-classification",
        "language:",
        "- en",
        "configs:",
    ]
    for name, splits in configs:
        lines.append(f"- config_name: {name}")
        lines.append("  data_files:")
        for split, path in splits:
            lines.append(f"  - split: {split}")
            lines.append(f"    path: {path}")
    # Declared types for the configs whose files a loader cannot type on its own.
    declared = {"spans": SPANS_FEATURES}
    typed = [(name, declared[name]) for name, _ in configs if name in declared]
    if typed:
        lines.append("dataset_info:")
        for name, features in typed:
            lines += [f"- config_name: {name}", "  features:"]
            lines += _features(features, "  ")
    lines += ["---", ""]
    counts = manifest["counts"]["per_split"]
    lines += [
        f"# {project_name} — release {manifest['version']}",
        "",
        "Human judgements of the factual consistency of LLM-generated, topic-focused summaries"
        " of dialogues: for every summary sentence, whether the dialogue supports it, with"
        " explanations and error types for inconsistent sentences; per summary, relevance to"
        " its topic and a not-a-summary flag; per topic, its category.",
        "",
        "## Contents",
        "",
        "- Summaries per split: "
        + (", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) or "none"),
        "- Rounds: "
        + ", ".join(f"{r['name']} ({r['kind'].replace('_', ' ')})" for r in manifest["rounds"]),
        "- Guideline versions: " + (", ".join(map(str, manifest["guideline_versions"])) or "n/a"),
        "- Taxonomy versions: " + (", ".join(manifest.get("taxonomy_versions", [])) or "n/a"),
        f"- Annotators (anonymised): {', '.join(manifest['annotators'])}",
        "",
        "## Labels",
        "",
        "- `label`: `consistent` or `inconsistent` (gold: an admin's adjudicated value, else a"
        " review decision a second reviewer confirmed, else "
        + (
            "the most probable label under a Dawid-Skene model of the annotators' competence"
            " (`posterior_mode`; a probability of exactly one half follows the tie rule below)"
            if manifest.get("gold_rule") == "posterior_mode"
            else "the annotators' majority, else the single annotation"
        )
        + "; `provenance` in the native JSONL says which).",
        "- Soft labels, beside the gold: per sentence, the share of its annotators who said"
        " `inconsistent` and the entropy of that distribution in bits, and the Dawid-Skene"
        " posterior with its entropy (`soft_label` in the native JSONL; `soft_inconsistent`,"
        " `soft_entropy`, `posterior_inconsistent`, `posterior_entropy` in `records.csv`), so"
        " the ambiguity of each sentence can be studied.",
        "- Error types: the project's taxonomy below, and AggreFact's unified types. A type is"
        f" gold when at least {manifest.get('config', {}).get('type_min_count', 1)} of the"
        " annotators who flagged the sentence chose it (all of them when fewer flagged it).",
        "",
        "## Error types",
        "",
    ]
    lines += [f"- **{t['name']}**: {t['definition']}" for t in taxonomy]
    lines += ["", "## Ties in majority votes", ""]
    lines += [f"- {rule}" for rule in manifest.get("tie_rules", {}).values()]
    lines += _competence_lines(manifest.get("competence"))
    lines += ["", "## Agreement", ""]
    if manifest["agreement"]:
        lines += [
            "Each coefficient with its 95% bootstrap interval and the number of units it was"
            " computed from (units labelled by at least two annotators).",
            "",
        ]
        for round_name, figures in manifest["agreement"].items():
            for figure in figures.values():
                lines.append(f"- {round_name}, {_agreement_line(figure)}")
    else:
        lines.append("No agreement report was computed for these rounds.")
    lines += [
        "",
        "## Files",
        "",
        "| file | records | sha256 |",
        "|---|---|---|",
    ]
    for name, info in files.items():
        records = "" if info["records"] is None else info["records"]
        lines.append(f"| `{name}` | {records} | `{info['sha256'][:16]}…` |")
    lines += _left_out_lines(manifest.get("left_out") or {})
    lines += ["", "## Limitations", ""]
    lines += [f"- {d}" for d in manifest.get("differences_from_published", [])]
    if manifest.get("open_rounds"):
        lines.append(
            "- Built while these rounds were still open, so their labels may have changed"
            f" since: {', '.join(manifest['open_rounds'])}."
        )
    lines += [
        "- Summarizer names are included for analysis; annotators never saw them.",
        "- Labels reflect the guideline versions listed above.",
        "",
    ]
    return "\n".join(lines)


def _competence_lines(competence: dict[str, Any] | None) -> list[str]:
    """The annotators' competence under the release's Dawid-Skene model, one line each."""
    if not competence or not competence.get("annotators"):
        return []
    lines = [
        "",
        "## Annotator competence (Dawid-Skene)",
        "",
        "Estimated from the annotators' sentence labels without an answer key: the probability"
        " that an annotator's label is the true one (95% bootstrap interval over sentences),"
        " and MACE's probability that they know the answer rather than guess.",
        "",
    ]
    for row in competence["annotators"]:
        low, high = row.get("accuracy_ci") or (None, None)
        interval = "" if low is None or high is None else f" (95% CI {low:.2f} to {high:.2f})"
        lines.append(
            f"- {row['annotator']}: right {_two(row['accuracy'])}{interval} on"
            f" {row['n_labels']} labels; knows rather than guesses"
            f" {_two(row['mace_competence'])}"
        )
    return lines


def _two(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}"

"""One check shared by the tests of a release's records: two reads of the same table (from
records.csv and from records.npz) hold the same records."""

from __future__ import annotations

import numpy as np

from annotations.formats.release_records import ALL_SUMMARY_FIELDS, ReleaseRecords


def assert_same_records(one: ReleaseRecords, other: ReleaseRecords) -> None:
    assert one.sentences.record_id.tolist() == other.sentences.record_id.tolist()
    assert one.summaries.record_id.tolist() == other.summaries.record_id.tolist()
    for name in ("summary", "label"):
        assert np.array_equal(getattr(one.sentences, name), getattr(other.sentences, name)), name
    assert one.sentences.error_types.tolist() == other.sentences.error_types.tolist()
    assert one.sentences.unified_types.tolist() == other.sentences.unified_types.tolist()
    for name in ("document", "label"):
        assert getattr(one.summaries, name).tolist() == getattr(other.summaries, name).tolist()
    for name in ALL_SUMMARY_FIELDS:
        assert one.summaries.field(name).tolist() == other.summaries.field(name).tolist(), name
    assert one.sentences.covers.tolist() == other.sentences.covers.tolist()
    assert [one.sentences.spans_of(i) for i in range(len(one.sentences))] == [
        other.sentences.spans_of(i) for i in range(len(other.sentences))
    ]

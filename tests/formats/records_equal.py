"""One check shared by the tests of a release's records: two reads of the same table (from
records.csv and from records.npz) hold the same records."""

from __future__ import annotations

import numpy as np

from annotations.formats.release_records import ReleaseRecords


def assert_same_records(one: ReleaseRecords, other: ReleaseRecords) -> None:
    assert one.sentences.record_id.tolist() == other.sentences.record_id.tolist()
    assert one.summaries.record_id.tolist() == other.summaries.record_id.tolist()
    for name in ("summary", "label"):
        assert np.array_equal(getattr(one.sentences, name), getattr(other.sentences, name)), name
    assert one.sentences.error_types.tolist() == other.sentences.error_types.tolist()
    assert one.sentences.unified_types.tolist() == other.sentences.unified_types.tolist()
    for name in ("document", "label"):
        assert getattr(one.summaries, name).tolist() == getattr(other.summaries, name).tolist()
    for name in ("corpus", "doc_id", "topic", "topic_category", "system", "split"):
        assert one.summaries.field(name).tolist() == other.summaries.field(name).tolist(), name

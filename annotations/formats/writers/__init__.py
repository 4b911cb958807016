"""Export writers: plain rows in (``rows.py``), bytes out (docs/formats/exports.md).

One module per format: ``native`` (JSONL), ``tofueval`` (the public release's layout),
``aggrefact`` (CSV), ``llm_aggrefact`` (JSONL), ``finesure`` (JSONL), ``spans`` (JSONL),
``circumstantial`` (the circumstantial-inference study's CSV). Every writer streams:
it writes each record as soon as its row arrives and never holds a whole file in memory, so a
release job can feed it from a database cursor. No Django here.
"""

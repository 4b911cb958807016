"""Assisted-round benchmark, in-process only (docs/models-in-the-loop.md):

    python bench/bench_assisted.py [--users 4] [--units-per-user 4] [--repeat 100]
                                   [--database-url URL]

The in-process part of ``bench_workspace.py`` without the gunicorn phases: (re)creates the
bench database, seeds the workspace bench's round (6 summaries x 5 sentences per unit), makes
it assisted (``workspace_assisted.assisted_check``: a corpus run with a verdict on every
sentence, half the pairs assisted) and times, one request at a time, the assisted payload and a
label save followed by the reveal request; the plain in-process breakdown is printed beside
for comparison. ``make bench-workspace`` runs the same check after its load phases.
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings

from workspace_assisted import assisted_check, report
from workspace_inprocess import breakdown
from workspace_seeding import seed_database
from workspace_settings import DEFAULT_URL, _configure_environment


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=4)
    parser.add_argument("--units-per-user", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url", default=os.environ.get("BENCH_WS_DATABASE_URL", DEFAULT_URL)
    )
    args = parser.parse_args()
    _configure_environment(args.database_url)
    warnings.filterwarnings("ignore", message="No directory at")
    from bench_import import _admin_conninfo, _create_database, _drop_database

    print(f"bench: creating database {_admin_conninfo()[1]} and migrating ...", flush=True)
    _create_database()
    try:
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        seeded = seed_database(
            users=args.users,
            units_per_user=args.units_per_user,
            seed=args.seed,
            spans=True,
            completeness=False,
        )
        rows = breakdown(seeded, repeat=args.repeat, profile=False)
        result = assisted_check(seeded, repeat=args.repeat)
    finally:
        from django.db import connections

        connections.close_all()
        _drop_database()
    print()
    print("in-process, plain round (median of the requests):")
    for label, wall, _sql, _commit, queries, _size in rows:
        print(f"  {label:<30}{wall:>7.2f} ms {queries:>4.0f} queries")
    report(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())

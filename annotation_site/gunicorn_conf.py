"""gunicorn's settings for `make serve` (the Procfile's web line), from the environment.

Requests are logged once, as JSON, by the site itself (annotation_site/request_log.py), so
gunicorn's access log is off; its own lines (start, worker boot and timeout) are JSON too.
"""

from __future__ import annotations

import os

bind = f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_WORKERS", "2"))
# Threads per worker: a request waits on PostgreSQL most of its time.
worker_class = "gthread"
threads = int(os.environ.get("WEB_THREADS", "4"))
# A release download streams for as long as it takes; everything else answers in milliseconds.
timeout = 120
graceful_timeout = 30
# A worker restarts after this many requests, so a slow leak never grows without bound.
max_requests = 5000
max_requests_jitter = 500
accesslog = None
errorlog = "-"
# Several gunicorns may run on one machine (tests, blue-green): none needs the control socket.
control_socket_disable = True
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s %(process)d",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json",
            "stream": "ext://sys.stdout",
        }
    },
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "gunicorn.access": {"level": "WARNING", "handlers": ["console"], "propagate": False},
    },
}

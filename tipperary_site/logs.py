"""How log lines look: readable text for a person at ``make run``, or one JSON object a line for
a log collector (``LOG_FORMAT=json``). Both carry the request id (tipperary_site.request_id).

The JSON formatter is ours, not a library's: its fields are few and fixed, and the standard
library's ``json`` writes them.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
FORMATS = ("text", "json")


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC), level, logger, request id, message, exception."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "request_id": getattr(record, "request_id", "-"),
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    """The ``LOGGING`` setting: every record through one console handler that adds the id."""
    formatter = (
        {"()": "tipperary_site.logs.JsonFormatter"}
        if log_format == "json"
        else {"format": TEXT_FORMAT}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_id": {"()": "tipperary_site.request_id.RequestIdFilter"},
            "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
        },
        "formatters": {"site": formatter},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "filters": ["request_id"],
                "formatter": "site",
            },
            "mail_admins": {
                "class": "django.utils.log.AdminEmailHandler",
                "filters": ["require_debug_false"],
                "level": "ERROR",
            },
        },
        # Django's own console handler is left out: its lines come once, through ours, with
        # the id and in the chosen format. Server errors are still mailed to ADMINS.
        "loggers": {"django": {"handlers": ["mail_admins"], "level": "INFO", "propagate": True}},
        "root": {"handlers": ["console"], "level": level},
    }

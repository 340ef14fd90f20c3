"""Static files as production serves them, under ``make run`` too: hashed names, compressed.

``python manage.py collectstatic`` writes each file under a name with a hash of its content
(``css/base.3f2a9c1e.css``) and beside it a gzip and a brotli copy; WhiteNoise sends the copy a
browser takes and lets the browser keep a hashed file for good. Django's manifest storage
names the hashed file only when ``DEBUG`` is off, so a site run with ``DEBUG`` on (``make run``,
for its error pages) would still send the plain names, uncompressed; this storage names the
hashed file whatever ``DEBUG`` says. ``STATIC_MANIFEST`` turns it on (the default with ``DEBUG``
off; ``make run`` sets it and collects the files first).
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed manifest storage, whose URLs are hashed with ``DEBUG`` on too."""

    def url(self, name: str | None, force: bool = False) -> str:
        return super().url(name, force=True)

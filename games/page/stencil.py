"""A drawn page with holes for what each response fills in (its CSRF token), kept compressed.

Compressing a whole game page for every response costs more than everything else a cached page
does. A stencil compresses the page's text once, piece by piece between the holes, each piece a
deflate stream of its own flushed to a byte boundary; a response then only compresses what it
puts in the holes and joins the pieces into one gzip member, with the checksum of the whole.
Nothing in a hole is ever compressed together with the page around it, so no reflected text can
reveal it through the compressed size (BREACH), and the gzip header carries a random-length name
as Django's ``GZipMiddleware`` does.
"""

from __future__ import annotations

import secrets
import struct
import zlib
from dataclasses import dataclass

_HEADER = b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xff"  # gzip, deflate, with a name, mtime 0
_LAST_BLOCK = b"\x03\x00"  # an empty final block with fixed codes: the end of the deflate data
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
MAX_NAME = 100  # random bytes in the header, as Django's GZipMiddleware


def _deflated(data: bytes) -> bytes:
    """``data`` as a raw deflate stream of its own, ending on a byte boundary, not final."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _random_name() -> bytes:
    length = 1 + secrets.randbelow(MAX_NAME)
    return "".join(secrets.choice(_NAME_CHARS) for _ in range(length)).encode() + b"\x00"


@dataclass(frozen=True)
class Stencil:
    """The text of a page cut at each ``hole``, plain and compressed."""

    pieces: tuple[bytes, ...]
    packed: tuple[bytes, ...]

    @classmethod
    def cut(cls, text: str, hole: str) -> Stencil:
        pieces = tuple(piece.encode() for piece in text.split(hole))
        return cls(pieces, tuple(_deflated(piece) for piece in pieces))

    def filled(self, value: str) -> bytes:
        """The page with ``value`` in every hole."""
        return value.encode().join(self.pieces)

    def gzipped(self, value: str) -> bytes:
        """The page with ``value`` in every hole, as one gzip member."""
        fill = value.encode()
        packed_fill = _deflated(fill)
        body = packed_fill.join(self.packed)
        crc = 0
        for i, piece in enumerate(self.pieces):
            if i:
                crc = zlib.crc32(fill, crc)
            crc = zlib.crc32(piece, crc)
        size = sum(map(len, self.pieces)) + len(fill) * (len(self.pieces) - 1)
        trailer = struct.pack("<II", crc, size & 0xFFFFFFFF)
        return _HEADER + _random_name() + body + _LAST_BLOCK + trailer

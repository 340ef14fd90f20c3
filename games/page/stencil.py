"""A drawn page with holes for what each response fills in (its CSRF token), kept compressed.

Compressing a whole game page for every response costs more than everything else a cached page
does. A stencil compresses the page once, with a stand-in of the fill's width in each hole; a
response compresses only its fill, puts it in the first hole, and joins the stored pieces into
one gzip member with the checksum of the whole.

The stand-in holds a zero byte in every three, and HTML never holds one (Django's forms refuse
it), so the compressor can only match a stand-in with another stand-in, at the same place in
it: each later hole is stored as "the same as the hole before", which the browser fills with
the response's own token, and no text of the page is ever drawn from a hole. A hole too far
from the one before (deflate looks 32 KB back) starts a new piece after a fill of its own. The
cut is checked by unpacking it once with a test fill; should the compressor have done anything
else, every hole gets a fill of its own. No fill is ever compressed together with the page
around it, so no reflected text can reveal it through the compressed size (BREACH), and the
gzip header carries a random-length name as Django's ``GZipMiddleware`` does.

``make bench`` measures the cached game page with it and with Django's ``GZipMiddleware``
compressing the whole page (row "stencil: share of the page saved"; about a quarter to a third
of the request on this machine): it stays while that share is 10 % or more.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from tipperary_site.gzip import HEADER, gzipped, level, random_name

_LAST_BLOCK = b"\x03\x00"  # an empty final block with fixed codes: the end of the deflate data
_WINDOW = 32 * 1024  # how far back deflate refers
_REACH = _WINDOW - 300  # how far back zlib looks for a match (its window less its look-ahead)


def _compressor(before: bytes = b"") -> zlib._Compress:
    """A raw deflate compressor that may refer back into ``before``, the text in front."""
    if before:
        return zlib.compressobj(level(), zlib.DEFLATED, -zlib.MAX_WBITS, zdict=before[-_WINDOW:])
    return zlib.compressobj(level(), zlib.DEFLATED, -zlib.MAX_WBITS)


def _deflated(data: bytes) -> bytes:
    """``data`` as a raw deflate stream of its own, ending on a byte boundary, not final."""
    compressor = _compressor()
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


def _stand_in(width: int) -> bytes:
    """``width`` bytes starting and ending with a zero, with a zero in every three bytes, and
    no three bytes in a row found twice in it: any match of three bytes or more that touches
    it holds a zero, so it matches only the same place of another stand-in."""
    return bytes(0 if i % 2 == 0 or i == width - 1 else 1 + i // 2 % 255 for i in range(width))


def _packed(
    pieces: tuple[bytes, ...], width: int, link: bool, refer: bool = True
) -> tuple[bytes, ...]:
    """The compressed parts of ``pieces``, one more than the fills a response puts between.

    With ``link``, a hole within deflate's reach of the one before is compressed as a stand-in
    (a copy of that hole); otherwise every hole ends a part and gets a fill of its own. With
    ``refer``, each part may refer back to the text before it.
    """
    stand_in = _stand_in(width)
    parts: list[bytes] = []
    compressor = _compressor()
    out = compressor.compress(pieces[0])
    tail, position, last_hole = pieces[0][-_WINDOW:], len(pieces[0]), None
    for piece in pieces[1:]:
        if link and last_hole is not None and position - last_hole <= _REACH:
            out += compressor.compress(stand_in)
        else:
            parts.append(out + compressor.flush(zlib.Z_SYNC_FLUSH))
            compressor, out = _compressor(tail + stand_in if refer else b""), b""
        last_hole, position = position, position + width + len(piece)
        tail = (tail + stand_in + piece)[-_WINDOW:]
        out += compressor.compress(piece)
    parts.append(out + compressor.flush(zlib.Z_SYNC_FLUSH))
    return tuple(parts)


@dataclass(frozen=True)
class Stencil:
    """The text of a page cut at each hole, plain and compressed, for fills ``width`` long."""

    pieces: tuple[bytes, ...]
    packed: tuple[bytes, ...]
    width: int

    @classmethod
    def cut(cls, text: str, hole: str, width: int) -> Stencil:
        pieces = tuple(piece.encode() for piece in text.split(hole))
        test_fill = bytes(0x80 + i % 128 for i in range(width))  # no byte twice in it
        for link, refer in ((True, True), (False, True)):
            stencil = cls(pieces, _packed(pieces, width, link, refer), width)
            unpacked = zlib.decompress(stencil._joined(test_fill), -zlib.MAX_WBITS)
            if unpacked == test_fill.join(pieces):
                return stencil
        return cls(pieces, _packed(pieces, width, link=False, refer=False), width)

    def _joined(self, fill: bytes) -> bytes:
        """The raw deflate data of the page with ``fill`` in its holes."""
        return _deflated(fill).join(self.packed) + _LAST_BLOCK

    def filled(self, value: str) -> bytes:
        """The page with ``value`` in every hole."""
        return value.encode().join(self.pieces)

    def gzipped(self, value: str) -> bytes:
        """The page with ``value`` in every hole, as one gzip member."""
        fill = value.encode()
        if len(fill) != self.width:  # the stored distances would be wrong: compress it all
            return gzipped(fill.join(self.pieces))
        crc = 0
        for i, piece in enumerate(self.pieces):
            if i:
                crc = zlib.crc32(fill, crc)
            crc = zlib.crc32(piece, crc)
        size = sum(map(len, self.pieces)) + len(fill) * (len(self.pieces) - 1)
        trailer = struct.pack("<II", crc, size & 0xFFFFFFFF)
        return HEADER + random_name() + self._joined(fill) + trailer

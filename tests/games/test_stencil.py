"""A stored page is compressed once; each response fills its holes and stays valid gzip."""

from __future__ import annotations

import gzip
import zlib

from hypothesis import given
from hypothesis import strategies as st

from games.page.stencil import Stencil
from tipperary_site.gzip import MAX_NAME

HOLE = "@@hole@@"
texts = st.lists(st.text(max_size=300), max_size=8).map(HOLE.join)
WIDTH = 8
fills = st.text(alphabet="abcdefABCDEF0123456789", min_size=WIDTH, max_size=WIDTH)
# Pages that repeat themselves around their holes, so pieces refer back across them.
repeating = st.lists(
    st.sampled_from(["<form>", "</form>", " ", "abc", "ab", HOLE, "cell", "\x00", "\x01\x00\x02"]),
    max_size=80,
)


@given(texts | repeating.map("".join), fills)
def test_a_filled_page_unpacks_to_the_page_with_its_holes_filled(text: str, fill: str) -> None:
    stencil = Stencil.cut(text, HOLE, WIDTH)
    assert gzip.decompress(stencil.gzipped(fill)).decode() == text.replace(HOLE, fill)
    assert stencil.filled(fill).decode() == text.replace(HOLE, fill)


@given(texts, st.text(alphabet="xyz", max_size=20).filter(lambda fill: len(fill) != WIDTH))
def test_a_fill_of_another_width_is_still_right(text: str, fill: str) -> None:
    stencil = Stencil.cut(text, HOLE, WIDTH)
    assert gzip.decompress(stencil.gzipped(fill)).decode() == text.replace(HOLE, fill)


def test_a_page_with_many_holes_compresses_as_well_as_a_whole_page() -> None:
    form = '<form method="post"><input name="csrf" value="{}"><button>Place on {}</button></form>'
    text = "".join(form.format(HOLE, i % 7) for i in range(600))
    packed = Stencil.cut(text, HOLE, WIDTH).gzipped("a" * WIDTH)
    whole = gzip.compress(text.replace(HOLE, "a" * WIDTH).encode())
    assert len(packed) < 1.5 * len(whole) + MAX_NAME


def test_a_whole_page_is_one_gzip_member_with_a_random_name_and_a_right_checksum() -> None:
    text = ("<p>Round 10 of 12</p>" * 400 + HOLE) * 3
    stencil = Stencil.cut(text, HOLE, 64)
    first, second = stencil.gzipped("a" * 64), stencil.gzipped("a" * 64)
    assert first[:4] == b"\x1f\x8b\x08\x08" and first != second  # the names differ
    name_end = first.index(b"\x00", 10)
    assert 1 <= name_end - 10 <= MAX_NAME
    unpacker = zlib.decompressobj(16 + zlib.MAX_WBITS)  # checks the CRC and the size
    assert unpacker.decompress(first) == text.replace(HOLE, "a" * 64).encode()
    assert unpacker.eof and not unpacker.unused_data
    assert len(first) < len(text) / 10  # the page compresses as a whole page would

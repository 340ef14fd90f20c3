"""Landscape names in the reader's language: bare, counted ("3 meadows") and with an article
("a meadow" / "2 meadows"); and words joined into a list as a sentence does."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy, ngettext

from engine import Cell, CellKind, Landscape

_NAMES: dict[Landscape, Promise] = {
    Landscape.MEADOW: gettext_lazy("meadow"),
    Landscape.PASTURE: gettext_lazy("pasture"),
    Landscape.GRAIN: gettext_lazy("grain field"),
    Landscape.DISTILLERY: gettext_lazy("distillery"),
    Landscape.RUIN: gettext_lazy("ruin"),
    Landscape.BOG: gettext_lazy("bog"),
    Landscape.STONE: gettext_lazy("stone circle"),
    # Translators: the hometown's square that is not a landscape.
    Landscape.TOWN: gettext_lazy("town square"),
    Landscape.TOWER: gettext_lazy("tower"),
}

_COUNTED: dict[Landscape, Callable[[int], str]] = {
    Landscape.MEADOW: lambda n: ngettext("%(count)d meadow", "%(count)d meadows", n),
    Landscape.PASTURE: lambda n: ngettext("%(count)d pasture", "%(count)d pastures", n),
    Landscape.GRAIN: lambda n: ngettext("%(count)d grain field", "%(count)d grain fields", n),
    Landscape.DISTILLERY: lambda n: ngettext("%(count)d distillery", "%(count)d distilleries", n),
    Landscape.RUIN: lambda n: ngettext("%(count)d ruin", "%(count)d ruins", n),
    Landscape.BOG: lambda n: ngettext("%(count)d bog", "%(count)d bogs", n),
    Landscape.STONE: lambda n: ngettext("%(count)d stone circle", "%(count)d stone circles", n),
    Landscape.TOWN: lambda n: ngettext("%(count)d town square", "%(count)d town squares", n),
    Landscape.TOWER: lambda n: ngettext("%(count)d tower", "%(count)d towers", n),
}

_WITH_ARTICLE: dict[Landscape, Callable[[int], str]] = {
    Landscape.MEADOW: lambda n: ngettext("a meadow", "%(count)d meadows", n),
    Landscape.PASTURE: lambda n: ngettext("a pasture", "%(count)d pastures", n),
    Landscape.GRAIN: lambda n: ngettext("a grain field", "%(count)d grain fields", n),
    Landscape.DISTILLERY: lambda n: ngettext("a distillery", "%(count)d distilleries", n),
    Landscape.RUIN: lambda n: ngettext("a ruin", "%(count)d ruins", n),
    Landscape.BOG: lambda n: ngettext("a bog", "%(count)d bogs", n),
    Landscape.STONE: lambda n: ngettext("a stone circle", "%(count)d stone circles", n),
    Landscape.TOWN: lambda n: ngettext("a town square", "%(count)d town squares", n),
    Landscape.TOWER: lambda n: ngettext("a tower", "%(count)d towers", n),
}


def landscape_name(landscape: Landscape | str) -> str:
    """The landscape's name (``landscape`` may be its code, as a refusal carries it).

    >>> landscape_name("grain"), landscape_name(Landscape.STONE)
    ('grain field', 'stone circle')
    """
    return str(_NAMES[Landscape(landscape)])


def landscape_count(landscape: Landscape | str, count: int) -> str:
    """A number of squares of the landscape: "1 meadow", "3 distilleries".

    >>> landscape_count(Landscape.BOG, 1), landscape_count(Landscape.DISTILLERY, 3)
    ('1 bog', '3 distilleries')
    """
    return _COUNTED[Landscape(landscape)](count) % {"count": count}


def a_landscape(landscape: Landscape | str, count: int = 1) -> str:
    """One square of the landscape with its article, or a number of them: "a ruin", "2 bogs".

    >>> a_landscape(Landscape.RUIN), a_landscape(Landscape.MEADOW, 2)
    ('a ruin', '2 meadows')
    """
    return _WITH_ARTICLE[Landscape(landscape)](count) % {"count": count}


def square_name(cell: Cell) -> str:
    """What a square shows, in a few words: "meadow with a sheep", "stone circle 3".

    >>> square_name(Cell(Landscape.MEADOW, sheep=True)), square_name(Cell(Landscape.STONE, 2))
    ('meadow with a sheep', 'stone circle 2')
    """
    name = landscape_name(cell.landscape)
    if cell.landscape is Landscape.STONE:
        # Translators: a stone circle square and its value, e.g. "stone circle 3".
        name = gettext("%(name)s %(value)s") % {"name": name, "value": cell.value}
    if cell.sheep:
        # Translators: a meadow square that holds a sheep token.
        name = gettext("%(name)s with a sheep") % {"name": name}
    if cell.kind is CellKind.BONUS:
        # Translators: a square that is a bonus tile, e.g. "bog (bonus tile)".
        name = gettext("%(name)s (bonus tile)") % {"name": name}
    return name


def listing(words: Sequence[str]) -> str:
    """Words joined as in a sentence.

    >>> listing(["a bog"]), listing(["a bog", "a ruin", "2 meadows"])
    ('a bog', 'a bog, a ruin and 2 meadows')
    """
    if len(words) <= 1:
        return "".join(words)
    # Translators: the comma between the items of a list but the last two ("a, b and c").
    head = gettext(", ").join(words[:-1])
    # Translators: the last two items of a list, e.g. "a bog, a ruin and 2 meadows".
    return gettext("%(items)s and %(last)s") % {"items": head, "last": words[-1]}

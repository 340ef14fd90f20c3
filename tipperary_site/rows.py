"""Model instances from a statement written once, for the few reads every game request makes.

The ORM composes its SQL anew for every query, and for the table a game request reads (the game
and its seats with their people) composing took longer than the database's answer. A statement
here is written once per process from the models' own fields, and each row is turned into
instances as the ORM does it: every column through the field's and the database's converters
(JSON, SQLite's dates and booleans), then ``Model.from_db``. Adding a field to a model adds it
to the statement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from django.db import connection
from django.db.models import Model

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Columns(Generic[M]):
    """A model's columns in a statement, under ``alias``."""

    model: type[M]
    alias: str

    @cached_property
    def _fields(self) -> tuple[Any, ...]:
        return tuple(self.model._meta.concrete_fields)

    @property
    def width(self) -> int:
        return len(self._fields)

    @property
    def select(self) -> str:
        """The columns to select, in the order ``build`` reads them."""
        return ", ".join(f'{self.alias}."{f.column}"' for f in self._fields)

    @property
    def table(self) -> str:
        return f"{self.model._meta.db_table} {self.alias}"

    @cached_property
    def _names(self) -> list[str]:
        return [f.attname for f in self._fields]

    @cached_property
    def _converters(self) -> tuple[tuple[Any, list[Callable[..., Any]]], ...]:
        """Each column with what turns the database's value into the field's, as the ORM's."""
        out = []
        for field in self._fields:
            column = field.get_col(self.alias)
            backend = connection.ops.get_db_converters(column)
            out.append((column, backend + field.get_db_converters(connection)))
        return tuple(out)

    def build(self, values: Sequence[Any]) -> M:
        """An instance from this model's columns of a row (``values``, as ``select`` has them)."""
        converted = list(values)
        for i, (column, converters) in enumerate(self._converters):
            for convert in converters:
                converted[i] = convert(converted[i], column, connection)
        return self.model.from_db(connection.alias, self._names, converted)

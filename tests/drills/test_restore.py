"""A restore, for real: the site runs on a database of its own, a ``pg_dump`` is taken in the
middle of its games, play goes on, the database is lost (dropped), restored from the dump, and the
site is started again. Every table goes on from where it stood in the dump and plays to its end;
what was played after the dump is lost (and played again here); a round end still waiting in the
broker from before the loss does nothing to the restored tables."""

from __future__ import annotations

import random
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, LiteralString
from urllib.parse import urlparse

import psycopg
import pytest
from django.conf import settings

import engine
from tests.drills.conftest import (
    SeatsOverOneConnection,
    cookies_of,
    plan,
    play_tables,
    two_player_tables,
    wait_for_turn,
)
from tests.faults.conftest import until
from tests.fixtures.processes import Process, free_port, site_env, start_gunicorn
from tests.fixtures.worker import Worker, database_url, start_worker
from tipperary_site.celery import app as celery_app

pytestmark = [pytest.mark.drill, pytest.mark.django_db(transaction=True)]

TABLES = 4
SEED = 26_100
DUMPED_IN = 4  # the round every table is in when the dump is taken
STALE = r"games\.advance_round\[.*\] succeeded in .*: False"


class SiteDatabase:
    """The database the site runs on in this drill: created, dropped and restored by it alone."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.name = urlparse(url).path.lstrip("/")
        self.admin = urlparse(url)._replace(path="/postgres").geturl()

    def sql(self, statement: str) -> None:
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(statement)

    def drop(self) -> None:
        self.sql(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def create(self) -> None:
        self.sql(f'CREATE DATABASE "{self.name}"')

    def read(self, query: LiteralString, *args: object) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.url) as conn:
            return conn.execute(query, args).fetchall()


def _pg(program: str, *args: str) -> None:
    subprocess.run([f"/usr/bin/{program}", *args], check=True, capture_output=True)


@pytest.fixture
def site_database() -> Iterator[SiteDatabase]:
    """A database named after the test database, with ``_restore``; gone after the drill."""
    url = urlparse(database_url())
    database = SiteDatabase(url._replace(path=url.path + "_restore").geturl())
    database.drop()  # left over from an interrupted run of this drill, never anyone else's
    try:
        yield database
    finally:
        database.drop()


def _logs(database: SiteDatabase) -> dict[int, list[tuple[int | None, int, str, str]]]:
    rows = database.read("SELECT game_id, seat, round, notation, source FROM games_action"
                         " ORDER BY game_id, seq")  # fmt: skip
    logs: dict[int, list[tuple[int | None, int, str, str]]] = {}
    for game_id, seat, round_, notation, source in rows:
        logs.setdefault(game_id, []).append((seat, round_, notation, source))
    return logs


def test_a_restored_database_takes_every_table_on_from_where_the_dump_left_it(
    own_processes: list[Process], site_database: SiteDatabase, drill_queue: str, tmp_path: Path
) -> None:
    tables = two_player_tables(TABLES, SEED)
    plans = {game.pk: plan(game, random.Random(SEED + t)) for t, game in enumerate(tables)}
    cookies = cookies_of(tables)
    seeds = {game.pk: game.seed for game in tables}
    celery_app.conf.task_always_eager = False
    # The site's database, as it stood when the tables began: a copy of the test database's.
    setup = tmp_path / "setup.dump"
    _pg("pg_dump", "-Fc", "-f", str(setup), database_url())
    site_database.create()
    _pg("pg_restore", "--no-owner", "-d", site_database.url, str(setup))

    queue = f"{drill_queue}-restore"
    env = site_env(site_database.url, settings.CELERY_BROKER_URL, CELERY_TASK_DEFAULT_QUEUE=queue)

    def start_site() -> tuple[Worker, list[Process]]:
        worker = start_worker(site_database.url, [queue], env)
        own_processes.append(worker)
        ports = (free_port(), free_port())
        web = [start_gunicorn(port, env) for port in ports]
        own_processes.extend(web)
        return worker, web

    def ports_of(web: list[Process]) -> tuple[int, int]:
        first, second = (int(process.name.rsplit(" ", 1)[1]) for process in web)
        return first, second

    read = SeatsOverOneConnection(site_database.url)
    try:
        worker, web = start_site()
        before = {pk: [m for m in moves if m.round < DUMPED_IN] for pk, moves in plans.items()}
        play_tables(before, cookies, ports_of(web), read)
        lost = {pk: [m for m in moves if m.round == DUMPED_IN] for pk, moves in plans.items()}
        for pk, moves in lost.items():
            wait_for_turn(pk, moves[0], read)  # every table dealt round DUMPED_IN: the backup
        backup = tmp_path / "backup.dump"
        _pg("pg_dump", "-Fc", "-f", str(backup), site_database.url)
        dumped = _logs(site_database)

        # Play goes on after the dump: this round's moves are lost with the database.
        play_tables(lost, cookies, ports_of(web), read)
        assert all(len(log) > len(dumped[pk]) for pk, log in _logs(site_database).items())
        for process in [worker, *web]:
            process.stop()
        read.close()

        site_database.drop()
        site_database.create()
        _pg("pg_restore", "--no-owner", "-d", site_database.url, str(backup))
        assert _logs(site_database) == dumped, "the restored tables stand where the dump left them"

        read = SeatsOverOneConnection(site_database.url)
        worker, web = start_site()
        # Round ends sent before the loss reach the restored tables: each finds its round not
        # complete and does nothing.
        for pk in plans:
            celery_app.send_task("games.advance_round", args=[pk, DUMPED_IN], queue=queue)
        until(lambda: worker.count(STALE) == TABLES, "the stale round ends running")
        after = {pk: [m for m in moves if m.round >= DUMPED_IN] for pk, moves in plans.items()}
        answers = play_tables(after, cookies, ports_of(web), read)
    finally:
        read.close()

    assert set(answers.statuses["page"]) == {200}
    assert Counter(answers.statuses["move"]) == {302: sum(len(m) for m in after.values())}
    logs = _logs(site_database)
    states = dict(site_database.read("SELECT id, state FROM games_game WHERE status = 'finished'"))
    assert sorted(states) == sorted(plans), "every table played to its end"
    for pk, log in logs.items():
        assert log[: len(dumped[pk])] == dumped[pk], "the log goes on from the dump's"
        played = [(seat, round_, notation) for seat, round_, notation, source in log
                  if source == "player"]  # fmt: skip
        assert played == [(m.seat, m.round, m.notation) for m in plans[pk]], "every move once"
        ends = [round_ for seat, round_, notation, source in log if source == "system"]
        assert ends == list(range(1, 13)), "each round ended once"
        replayed = engine.replay(seeds[pk], 2, [(seat, notation) for seat, _, notation, _ in log])
        assert replayed.error is None
        assert engine.GameState.from_dict(states[pk]) == replayed.state

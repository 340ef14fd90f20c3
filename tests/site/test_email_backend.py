"""The default e-mail backend writes each message to a file under var/mail/ and the console."""

from pathlib import Path

import pytest
from django.core.mail import EmailMultiAlternatives, get_connection
from pytest_django.fixtures import Settings as SettingsWrapper


def test_it_writes_each_message_to_its_own_file(
    tmp_path: Path, settings: SettingsWrapper, capsys: pytest.CaptureFixture[str]
) -> None:
    settings.EMAIL_FILE_PATH = str(tmp_path)
    connection = get_connection("tipperary_site.mail.FileAndConsoleBackend")
    first = EmailMultiAlternatives("Your turn at table 7", "Pick a tile.", to=["ann@example.com"])
    second = EmailMultiAlternatives("Game over", "You came second.", to=["bob@example.com"])
    assert connection.send_messages([first, second]) == 2

    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    contents = " ".join(f.read_text() for f in files)
    assert "Subject: Your turn at table 7" in contents
    assert "Subject: Game over" in contents
    assert "To: ann@example.com" in capsys.readouterr().out


def test_it_is_the_default_without_smtp_settings() -> None:
    from tipperary_site import settings as site_settings

    if site_settings.EMAIL_HOST:
        pytest.fail("EMAIL_HOST must not be set for the test run")
    assert site_settings.EMAIL_BACKEND == "tipperary_site.mail.FileAndConsoleBackend"
    assert site_settings.EMAIL_FILE_PATH.endswith("mail")

"""`make run PORT=8400` prints the sign-in address on port 8400 (load_demo --logins, the
line printed last before the server starts), not a fixed 8000."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from annotations.management.sign_in import sign_in_address


def test_the_address_takes_the_port_given() -> None:
    assert sign_in_address(8400) == "http://127.0.0.1:8400/"
    assert sign_in_address("8400") == "http://127.0.0.1:8400/"


def test_the_address_takes_the_port_from_the_environment_else_8000(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PORT", "8123")
    assert sign_in_address() == "http://127.0.0.1:8123/"
    monkeypatch.delenv("PORT")
    assert sign_in_address() == "http://127.0.0.1:8000/"


@pytest.mark.parametrize("port", ["0", "65536", "eighty", "-1"])
def test_a_port_that_is_no_port_is_refused_by_name(port: str) -> None:
    with pytest.raises(ValueError, match=f"port '{port}' is not a number from 1 to 65535"):
        sign_in_address(port)


@pytest.mark.django_db
def test_load_demo_prints_the_logins_on_the_real_port_without_loading() -> None:
    out = StringIO()
    call_command("load_demo", "--logins", "--port", "8400", stdout=out)
    assert "Sign in at http://127.0.0.1:8400/ with (password 'demo' for all):" in out.getvalue()
    assert "linguist1" in out.getvalue()
    assert "8000" not in out.getvalue()
    from annotations.models import Project

    assert not Project.objects.exists()


@pytest.mark.django_db
def test_load_demo_prints_the_port_of_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORT", "8400")
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "Sign in at http://127.0.0.1:8400/" in out.getvalue()


@pytest.mark.django_db
def test_load_demo_can_load_without_printing_the_logins() -> None:
    out = StringIO()
    call_command("load_demo", "--no-logins", stdout=out)
    assert "demo loaded" in out.getvalue()
    assert "Sign in at" not in out.getvalue()


def test_load_demo_refuses_a_bad_port() -> None:
    with pytest.raises(CommandError, match="--port: port 'x' is not a number"):
        call_command("load_demo", "--logins", "--port", "x", stdout=StringIO())

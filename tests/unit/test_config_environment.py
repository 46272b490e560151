"""Where a process finds its tables and queues: the compact lists a deployed function is
given (only what it uses), each table's or queue's own variable (``wakeful dev``, the
keys CLI, tests), and in dev mode the names ``wakeful dev`` gives every table. A table or
queue named nowhere fails where it is used, naming itself and its variables; it is
never guessed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from wakeful import config, constants
from wakeful.threads.queue import send_route
from wakeful.config import NotConfiguredError, get_settings, settings_from_env

DEPLOYED = {
    constants.ENV_TABLE_PREFIX: "Wakeful-Data",
    constants.ENV_TABLES: "agents=AgentsTable3278BDCC-1ABCDEFGHIJKL,events=EventsTable4BC90689-2ABCDEFGHIJKL",
    constants.ENV_QUEUE_URL_BASE: "https://sqs.eu-west-1.amazonaws.com/123456789012/",
    constants.ENV_QUEUES: "route=Wakeful-QueuesRouteQueue67627FF8-3ABCDEFGHIJKL.fifo",
}


def test_a_deployed_function_reads_its_tables_with_the_prefix_written_once() -> None:
    settings = settings_from_env(DEPLOYED)
    assert settings.tables == {
        "agents": "Wakeful-DataAgentsTable3278BDCC-1ABCDEFGHIJKL",
        "events": "Wakeful-DataEventsTable4BC90689-2ABCDEFGHIJKL",
    }
    assert settings.table("agents") == "Wakeful-DataAgentsTable3278BDCC-1ABCDEFGHIJKL"


def test_a_deployed_function_reads_its_queues_as_names_after_the_url_base() -> None:
    settings = settings_from_env(DEPLOYED)
    assert settings.queues == {"route": "https://sqs.eu-west-1.amazonaws.com/123456789012/Wakeful-QueuesRouteQueue67627FF8-3ABCDEFGHIJKL.fifo"}


def test_a_tables_or_queues_own_variable_wins_over_the_lists() -> None:
    settings = settings_from_env({**DEPLOYED, "WAKEFUL_TABLE_AGENTS": "mine", "WAKEFUL_QUEUE_ROUTE_URL": "http://127.0.0.1:5000/1/route"})
    assert settings.table("agents") == "mine" and settings.table("events").endswith("-2ABCDEFGHIJKL")
    assert settings.queue("route") == "http://127.0.0.1:5000/1/route"


@pytest.mark.parametrize(
    ("kind", "logical", "variables"),
    [("table", "api_keys", ("WAKEFUL_TABLE_API_KEYS", "WAKEFUL_TABLES")), ("queue", "thread", ("WAKEFUL_QUEUE_THREAD_URL", "WAKEFUL_QUEUES"))],
)
def test_a_table_or_queue_the_function_was_not_given_fails_naming_it_and_its_variables(kind: str, logical: str, variables: tuple[str, str]) -> None:
    settings = settings_from_env(DEPLOYED)
    with pytest.raises(NotConfiguredError) as raised:
        getattr(settings, kind)(logical)
    assert f"{kind} {logical!r}" in str(raised.value) and all(v in str(raised.value) for v in variables)


def test_outside_dev_mode_no_table_gets_a_default_name() -> None:
    settings = settings_from_env({})
    assert settings.tables == {} and settings.queues == {}
    with pytest.raises(NotConfiguredError):
        settings.table("agents")


def test_in_dev_mode_every_table_has_the_name_wakeful_dev_gives_it() -> None:
    settings = settings_from_env({constants.ENV_DEV_MODE: "1", "WAKEFUL_TABLE_EVENTS": "mine"})
    assert set(settings.tables) == set(constants.TABLE_ENV)
    assert settings.table("api_keys") == config.dev_table_name("api_keys") == "wakeful-api-keys"
    assert settings.table("events") == "mine"


@pytest.mark.parametrize(
    "env",
    [
        {constants.ENV_TABLES: "agents"},  # no name
        {constants.ENV_TABLES: "agents=x,=y"},
        {constants.ENV_QUEUES: "route=name-only"},  # a name without the base its URL needs
    ],
)
def test_a_malformed_list_fails_at_cold_start(env: dict[str, str]) -> None:
    with pytest.raises(ValueError, match="WAKEFUL_(TABLES|QUEUES)"):
        settings_from_env(env)


@pytest.fixture()
def deployed_without_the_route_queue(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's settings as a function given no route queue (the process may hold
    `wakeful dev`'s variables: they are set aside for the test)."""
    for variable in (*constants.QUEUE_ENV.values(), constants.ENV_QUEUES, constants.ENV_QUEUE_URL_BASE):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv(constants.ENV_QUEUES, "thread=https://sqs.eu-west-1.amazonaws.com/123456789012/t.fifo")
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def test_asking_the_router_without_the_route_queue_fails_loudly_instead_of_skipping(deployed_without_the_route_queue) -> None:
    with pytest.raises(NotConfiguredError, match="queue 'route'"):
        send_route("agt_1", "seq:1")


@pytest.fixture()
def deployed_without_the_secrets_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's settings as a deployed function given no secrets key."""
    for variable in (constants.ENV_KMS_KEY_ID, constants.ENV_DEV_MODE):
        monkeypatch.delenv(variable, raising=False)
    get_settings.cache_clear()
    yield
    monkeypatch.undo()
    get_settings.cache_clear()


def test_sealing_without_the_secrets_key_fails_instead_of_storing_the_secret_in_the_clear(deployed_without_the_secrets_key) -> None:
    from wakeful import secrets

    with pytest.raises(RuntimeError, match="WAKEFUL_KMS_KEY_ID"):
        secrets.seal("s3cr3t", context={"owner": "o"})

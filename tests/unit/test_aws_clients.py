"""AWS clients: one per service and process, all built from one botocore session, so the
endpoint rules and each service's model are read once per process (a new session per
client read them again: about 0.2 s of CPU each time)."""

from __future__ import annotations

import threading
from typing import Any, Iterator

import pytest

from wakeful import aws


@pytest.fixture()
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:9")  # never called
    monkeypatch.setenv("AWS_REGION", "eu-west-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    transport, signer = aws._transport, aws._choose_signer  # noqa: SLF001 - a local stack's, when one runs in this process
    aws.use_transport(None)
    aws.reset_clients()
    yield
    aws.use_transport(transport, signer)
    aws.reset_clients()


def test_a_service_has_one_client_and_every_client_shares_the_session_and_its_models(fresh: None) -> None:
    sqs, dynamodb = aws.client("sqs"), aws.client("dynamodb")
    assert aws.client("sqs") is sqs
    assert sqs.meta.region_name == "eu-west-1" and sqs.meta.endpoint_url == "http://127.0.0.1:9"
    other = aws.new_client("sqs", region_name="us-east-1")
    assert other is not sqs and other.meta.region_name == "us-east-1"
    loaders = {id(c._loader) for c in (sqs, dynamodb, other)}  # noqa: SLF001 - the shared model cache
    assert len(loaders) == 1


def test_after_a_reset_clients_are_built_again_from_the_same_session(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    before = aws.client("sqs")
    monkeypatch.setenv("AWS_ENDPOINT_URL", "http://127.0.0.1:10")
    aws.reset_clients()
    after = aws.client("sqs")
    assert after is not before and after.meta.endpoint_url == "http://127.0.0.1:10"
    assert after._loader is before._loader  # noqa: SLF001


def test_threads_asking_at_once_get_the_same_client(fresh: None) -> None:
    start, got = threading.Barrier(8), []

    def ask() -> None:
        start.wait()
        got.append(aws.client("dynamodb"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 8 and len({id(c) for c in got}) == 1


def test_the_transport_reaches_clients_built_after_it_is_set(fresh: None) -> None:
    seen: list[Any] = []

    def send(request: Any, **_: Any) -> None:
        seen.append(request.url)
        raise ConnectionAbortedError("stop here")

    aws.use_transport(send)
    aws.reset_clients()
    with pytest.raises(ConnectionAbortedError):
        aws.client("sqs").list_queues()
    assert seen and seen[0].startswith("http://127.0.0.1:9")

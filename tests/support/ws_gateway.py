"""API Gateway's WebSocket API played on loopback, for the clients of the live stream.

A real WebSocket server: opening a connection invokes the ``stream_ws`` function with a
``$connect`` event carrying the handshake's headers (a refusal there refuses the
handshake with its status), every message is a route chosen by its ``action`` field as
the deployed API's ``$request.body.action`` selection does, and closing invokes
``$disconnect``. Beside it, the management endpoint (``POST /@connections/{id}``, what
the functions post to) sends each posted message down the open connection, or answers
410 GoneException; ``DELETE /@connections/{id}`` closes the connection. :meth:`LocalWebSocketApi.pump` plays the event source mapping: it
hands the stream table's new DynamoDB stream records to ``stream_fanout``.
"""

from __future__ import annotations

import base64
import json
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable
from urllib.parse import unquote

from websockets.sync.server import ServerConnection, serve

from wakeful import aws
from wakeful.config import get_settings

ROUTES = ("subscribe", "unsubscribe")


def ws_event(route: str, connection_id: str, *, headers: dict[str, str] | None = None, body: str | None = None) -> dict[str, Any]:
    """An API Gateway WebSocket proxy event."""
    event: dict[str, Any] = {
        "requestContext": {
            "routeKey": route,
            "eventType": {"$connect": "CONNECT", "$disconnect": "DISCONNECT"}.get(route, "MESSAGE"),
            "connectionId": connection_id,
            "domainName": "local.execute-api.us-east-1.amazonaws.com",
            "stage": "v1",
            "apiId": "local",
            "requestId": str(uuid.uuid4()),
        },
        "isBase64Encoded": False,
    }
    if headers is not None:
        event["headers"] = headers
    if body is not None:
        event["body"] = body
    return event


class LocalWebSocketApi:
    """The WebSocket API (``url``) and its management endpoint (``management_url``)."""

    def __init__(self, invoke: Callable[[str, dict[str, Any]], Any]) -> None:
        self.invoke = invoke
        self.connections: dict[str, ServerConnection] = {}
        self.server = serve(self._session, "127.0.0.1", 0, process_request=self._connect)
        threading.Thread(target=self.server.serve_forever, name="ws-api", daemon=True).start()
        self.management = ThreadingHTTPServer(("127.0.0.1", 0), self._management_handler())
        self.management.daemon_threads = True
        threading.Thread(target=self.management.serve_forever, args=(0.05,), name="ws-management", daemon=True).start()
        self._iterators: list[str] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.server.socket.getsockname()[1]}/v1"

    @property
    def management_url(self) -> str:
        return f"http://127.0.0.1:{self.management.server_address[1]}"

    def drop(self) -> None:
        """Close every open connection, as API Gateway does after its idle or lifetime limit."""
        for connection in list(self.connections.values()):
            connection.close(1001, "going away")

    def close(self) -> None:
        self.server.shutdown()
        self.management.shutdown()
        self.management.server_close()

    # -- the WebSocket side -------------------------------------------------------------
    def _connect(self, connection: ServerConnection, request: Any) -> Any:
        connection_id = base64.b64encode(uuid.uuid4().bytes[:9]).decode()
        headers = dict(request.headers.raw_items())
        answer = self.invoke("stream_ws", ws_event("$connect", connection_id, headers=headers))
        if answer.get("statusCode") != 200:
            return connection.respond(int(answer.get("statusCode") or 500), str(answer.get("body") or ""))
        connection.wakeful_connection_id = connection_id  # type: ignore[attr-defined]
        self.connections[connection_id] = connection
        return None

    def _session(self, connection: ServerConnection) -> None:
        connection_id = connection.wakeful_connection_id  # type: ignore[attr-defined]
        try:
            for message in connection:
                text = message if isinstance(message, str) else message.decode()
                try:
                    action = json.loads(text).get("action")
                except (ValueError, AttributeError):
                    action = None
                self.invoke("stream_ws", ws_event(action if action in ROUTES else "$default", connection_id, body=text))
        finally:
            self.connections.pop(connection_id, None)
            self.invoke("stream_ws", ws_event("$disconnect", connection_id))

    def _management_handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                connection = api.connections.get(unquote(self.path.rsplit("/@connections/", 1)[-1]))
                try:
                    if connection is None:
                        raise OSError("gone")
                    connection.send(raw.decode())
                except Exception:  # noqa: BLE001 - closed or closing: API Gateway says 410
                    body = b'{"message": "Gone"}'
                    self.send_response(410)
                    self.send_header("x-amzn-ErrorType", "GoneException")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_DELETE(self) -> None:  # noqa: N802
                connection = api.connections.get(unquote(self.path.rsplit("/@connections/", 1)[-1]))
                if connection is None:
                    self.send_response(410)
                    self.send_header("x-amzn-ErrorType", "GoneException")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                connection.close(1000, "closed by the server")
                self.send_response(204)
                self.end_headers()

        return Handler

    # -- the event source mapping -------------------------------------------------------
    def start_reading(self) -> None:
        """Read the stream table's DynamoDB stream from now on (call before writing)."""
        streams = aws.client("dynamodbstreams")
        table = aws.client("dynamodb").describe_table(TableName=get_settings().table("stream_events"))["Table"]
        arn = table["LatestStreamArn"]
        shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
        self._iterators = [
            streams.get_shard_iterator(StreamArn=arn, ShardId=s["ShardId"], ShardIteratorType="LATEST")["ShardIterator"]
            for s in shards
        ]

    def pump(self) -> Any:
        """Hand the new stream records to ``stream_fanout``, as Lambda's event source does."""
        assert self._iterators is not None, "call start_reading() before writing"
        streams = aws.client("dynamodbstreams")
        records: list[Any] = []
        for i, iterator in enumerate(self._iterators):
            page = streams.get_records(ShardIterator=iterator)
            self._iterators[i] = page.get("NextShardIterator") or iterator
            records.extend(page["Records"])
        return self.invoke("stream_fanout", {"Records": json.loads(json.dumps(records, default=_lambda_json))})


def _lambda_json(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode()  # Lambda's JSON carries binary as base64
    return str(value)

"""AWS requests to the emulator this process runs, handed to it without a socket.

The local stack runs moto's server in a thread of the same process as the handlers.
Over loopback every AWS call was an HTTP round trip: urllib3 and ``http.client`` on one
side, ``http.server`` and werkzeug's request parsing on the other, a server thread per
connection. The clients still build, sign and serialise each request and parse each
answer as they do against AWS; only the bytes go from the client to moto's WSGI
application directly. Requests to anything else (the API gateway, hooks, tools) and
every request once the emulator has stopped go over HTTP as before.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit


class InProcessTransport:
    """A botocore ``before-send`` handler that answers requests for ``endpoint``
    from ``app`` (moto's WSGI application)."""

    def __init__(self, endpoint: str, app: Any) -> None:
        self.endpoint = endpoint.rstrip("/")
        self.app = app
        self.active = True

    def __call__(self, request: Any, **_: Any) -> Any:
        if not self.active or not (request.url == self.endpoint or request.url.startswith(self.endpoint + "/")):
            return None
        from botocore.awsrequest import AWSResponse
        from moto.core.botocore_stubber import MockRawResponse
        from werkzeug.test import EnvironBuilder, run_wsgi_app

        url = urlsplit(request.url)
        body = request.body
        if hasattr(body, "read"):
            body = body.read()
        headers = [(name, value.decode("latin-1") if isinstance(value, bytes) else value) for name, value in request.headers.items()]
        builder = EnvironBuilder(
            method=request.method,
            base_url=f"{url.scheme}://{url.netloc}",
            path=url.path or "/",
            query_string=url.query,
            headers=headers,
            data=body or b"",
        )
        try:
            app_iter, status, response_headers = run_wsgi_app(self.app, builder.get_environ())
            try:
                content = b"".join(app_iter)
            finally:
                if hasattr(app_iter, "close"):
                    app_iter.close()
        finally:
            builder.close()
        return AWSResponse(request.url, int(status.split(" ", 1)[0]), dict(response_headers), MockRawResponse(content))

"""``GET /console`` and its files through the local API Gateway, and through the api
function with an API Gateway stage path."""

from __future__ import annotations

import json
from typing import Any

import requests

from wakeful_dev.gateway import proxy_event


def test_the_console_page_needs_no_key_and_forbids_framing_and_other_origins(stack: Any) -> None:
    response = requests.get(f"{stack.api_url}/console", timeout=30)

    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/html")
    assert 'content="/"' in response.text and 'src="/console/app.js"' in response.text
    policy = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy and "connect-src 'self'" in policy and "script-src 'self'" in policy
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_files_come_with_their_content_type_and_a_matching_etag_answers_304(stack: Any) -> None:
    script = requests.get(f"{stack.api_url}/console/app.js", timeout=30)
    style = requests.get(f"{stack.api_url}/console/console.css", timeout=30)
    assert script.status_code == 200 and script.headers["Content-Type"].startswith("text/javascript")
    assert style.status_code == 200 and style.headers["Content-Type"].startswith("text/css")

    again = requests.get(f"{stack.api_url}/console/app.js", headers={"If-None-Match": script.headers["ETag"]}, timeout=30)

    assert again.status_code == 304 and again.content == b""


def test_an_unknown_or_escaping_file_answers_404_in_the_error_shape(stack: Any) -> None:
    for path in ("/console/nope.js", "/console/..%2Fapp.py", "/console/index.html", "/console/routes.py"):
        response = requests.get(f"{stack.api_url}{path}", timeout=30)
        assert response.status_code == 404, path
        assert response.json()["error"]["code"] == "not_found"


def test_paths_that_only_start_like_the_console_still_need_a_key(stack: Any) -> None:
    assert requests.get(f"{stack.api_url}/consoles", timeout=30).status_code == 401
    assert requests.post(f"{stack.api_url}/console", timeout=30).status_code == 401


def test_behind_an_api_gateway_stage_the_page_loads_everything_under_the_stage_path(stack: Any) -> None:
    event = proxy_event("GET", "/console", {"Host": "abc.execute-api.us-east-1.amazonaws.com"}, b"", "203.0.113.9")
    event["requestContext"].update({"domainName": "abc.execute-api.us-east-1.amazonaws.com", "path": "/prod/console", "stage": "prod"})

    result = stack.invoke("api", event)

    assert result["statusCode"] == 200
    html = result["body"]
    assert 'content="/prod/"' in html and 'src="/prod/console/app.js"' in html and 'href="/prod/console/console.css"' in html
    assert json.dumps("{{BASE}}") not in html

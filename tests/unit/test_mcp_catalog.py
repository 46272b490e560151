"""The pure parts of MCP: which listed tools a model can be given, a tool result as the
text the model reads, the bodies' rules, and the input schemas of Wakeful's own MCP
tools."""

from __future__ import annotations

import json

import mcp_types as types
import pytest
from pydantic import ValidationError

from wakeful.mcp_servers import catalog, models
from wakeful.mcp_servers.client import cap, result_text
from wakeful.mcp_servers.records import NOT_ALLOWED, NOT_LISTED, Listing, McpServer

OBJECT = {"type": "object", "properties": {"x": {"type": "string"}}}


def tool(name: object, schema: object = OBJECT, description: object = "does x") -> dict[str, object]:
    return {"name": name, "description": description, "input_schema": schema}


def reasons(listing: Listing) -> dict[str, str]:
    return {s.name: s.reason for s in listing.skipped}


def test_usable_tools_are_kept_with_their_description_and_schema():
    listing = catalog.check("gh", [tool("create_issue"), tool("search-issues", description=None)])

    assert [(t.name, t.description, t.input_schema) for t in listing.tools] == [
        ("create_issue", "does x", OBJECT),
        ("search-issues", "The search-issues tool.", OBJECT),
    ]
    assert listing.skipped == ()


def test_a_name_the_model_apis_refuse_is_skipped_with_the_reason():
    listing = catalog.check("gh", [tool("list.repos"), tool("ok"), tool("émoji"), tool(""), tool(7)])

    assert [t.name for t in listing.tools] == ["ok"]
    found = reasons(listing)
    assert "characters a model's tool name cannot have" in found["list.repos"]
    assert "characters a model's tool name cannot have" in found["émoji"]
    assert found[""] == "it has no name" and found["7"] == "it has no name"


def test_a_name_too_long_with_the_servers_prefix_is_skipped():
    server = "s" * 32
    fits, too_long = "t" * (64 - 34), "t" * (64 - 33)

    listing = catalog.check(server, [tool(fits), tool(too_long)])

    assert [t.name for t in listing.tools] == [fits]
    assert "would be 65 characters; a model's tool name has at most 64" in reasons(listing)[too_long]


@pytest.mark.parametrize(
    ("schema", "reason"),
    [
        (None, "not a JSON object"),
        ([], "not a JSON object"),
        ({"type": "string"}, "not a JSON Schema object"),
        ({"properties": {}}, "not a JSON Schema object"),
        ({"type": "object", "properties": []}, "properties is not an object"),
        ({"type": "object", "required": "x"}, "required is not a list of names"),
        ({"type": "object", "description": "x" * (models.MAX_SCHEMA_BYTES + 1)}, "Wakeful keeps schemas of at most 16 KiB"),
        ({"type": "object", "default": float("nan")}, "not plain JSON"),
    ],
)
def test_a_schema_that_is_not_a_json_schema_object_is_skipped(schema, reason):
    listing = catalog.check("gh", [tool("t", schema)])

    assert listing.tools == () and reason in reasons(listing)["t"]


def test_a_name_listed_twice_keeps_the_first():
    listing = catalog.check("gh", [tool("t", description="first"), tool("t", description="second")])

    assert [t.description for t in listing.tools] == ["first"]
    assert "listed more than once" in reasons(listing)["t"]


def test_limits_on_the_number_of_tools_and_the_size_of_the_listing_and_descriptions():
    many = catalog.check("gh", [tool(f"t{i}") for i in range(models.MAX_TOOLS_PER_SERVER + 3)])
    assert len(many.tools) == models.MAX_TOOLS_PER_SERVER and len(many.skipped) == 3

    big = {"type": "object", "description": "x" * 15_000}
    heavy = catalog.check("gh", [tool(f"t{i}", big) for i in range(20)])
    assert sum(len(json.dumps(t.input_schema)) for t in heavy.tools) <= models.MAX_LISTING_BYTES
    assert heavy.skipped and "256 KiB" in heavy.skipped[0].reason

    (long,) = catalog.check("gh", [tool("t", description="d" * 5000)]).tools
    assert len(long.description) == models.MAX_DESCRIPTION_CHARS and long.description.endswith("…")


def test_a_servers_allowed_tools_filter_what_agents_get_and_say_what_is_left_out():
    listing = catalog.check("gh", [tool("a"), tool("b"), tool("bad.name")])
    server = McpServer(owner="o", server_id="mcp_1", name="gh", url="https://x", listing=listing, allowed_tools=("a", "c"))

    assert [t.name for t in server.usable_tools()] == ["a"]
    assert server.tool("b") is None and server.tool("a") is not None
    assert {(s.name, s.reason) for s in server.skipped()} >= {("b", NOT_ALLOWED), ("c", NOT_LISTED)}
    assert "bad.name" in {s.name for s in server.skipped()}
    assert McpServer.from_item(server.to_item()) == server


def test_a_result_is_its_text_blocks_with_notes_for_the_rest():
    result = types.CallToolResult(
        content=[
            types.TextContent(type="text", text="first"),
            types.ImageContent(type="image", data="aGVsbG8gd29ybGQh", mime_type="image/png"),
            types.ResourceLink(type="resource_link", uri="https://x/doc", name="doc"),
            types.EmbeddedResource(type="resource", resource=types.TextResourceContents(uri="file:///a", text="inside")),
        ]
    )

    assert result_text(result).splitlines() == [
        "first",
        "[image: image/png, about 12 bytes, not shown]",
        "[resource: https://x/doc (doc)]",
        "inside",
    ]


def test_a_result_without_blocks_is_its_structured_content():
    assert result_text(types.CallToolResult(content=[], structured_content={"n": 3})) == '{"n": 3}'
    assert result_text(types.CallToolResult(content=[])) == ""


def test_a_long_result_is_cut_at_the_limit_and_says_so():
    assert cap("é" * 10, limit=100) == "é" * 10
    cut = cap("é" * 100, limit=101)  # 200 bytes; a cut inside a character drops it
    assert cut.startswith("é" * 50) and not cut.startswith("é" * 51)
    assert cut.endswith("[cut: the result was 200 bytes; Wakeful keeps the first 101]")


def test_headers_must_be_tokens_with_printable_values_and_not_wakefuls_own():
    from wakeful.mcp_servers.inputs import McpServerCreate

    ok = McpServerCreate(name="gh", url="https://x", headers={"Authorization": "Bearer a\tb", "X-Api-Key": "k"})
    assert ok.headers == {"Authorization": "Bearer a\tb", "X-Api-Key": "k"}
    for headers in ({"Host": "x"}, {"mcp-session-id": "x"}, {"Bad Name": "x"}, {"X": "a\r\nb"}, {"X": "é"}, {"X": "a", "x": "b"}):
        with pytest.raises(ValidationError):
            McpServerCreate(name="gh", url="https://x", headers=headers)
    for name in ("GitHub", "1gh", "g-h", "g" * 33):
        with pytest.raises(ValidationError):
            McpServerCreate(name=name, url="https://x")


def test_an_agents_tools_take_mcp_entries_of_the_documented_forms():
    from wakeful.agents.inputs import AgentCreate

    good = ["notify", "mcp:gh", "mcp:gh_2/create-issue", f"mcp:{'g' * 32}/{'t' * 64}"]
    assert AgentCreate(name="A", alias="a", tools=good).tools == good
    for bad in ("mcp:GH", "mcp:gh/", "mcp:gh/a/b", "mcp:", "mcp:gh/a.b", "mcp :gh", "x y"):
        with pytest.raises(ValidationError):
            AgentCreate(name="A", alias="a", tools=[bad])


def test_wakefuls_mcp_tools_take_their_routes_path_parameters_and_body_fields():
    from wakeful.mcp_endpoint import tools

    schemas = {t.name: t.input_schema() for t in tools.TOOLS}
    assert set(schemas) == {
        "list_agents", "post_event", "start_thread", "get_thread", "create_schedule", "list_pending_approvals", "decide_approval",
        "remember", "recall", "get_spend",
    }  # fmt: skip
    for name, schema in schemas.items():
        assert schema["type"] == "object" and schema["additionalProperties"] is False, name
    assert schemas["post_event"]["required"][:3] == ["agent_id", "event_type", "payload"]
    assert schemas["start_thread"]["required"] == ["agent_id", "message"]
    assert schemas["get_thread"]["required"] == ["agent_id", "thread_id"]
    assert schemas["list_pending_approvals"]["required"] == ["agent_id"]
    assert schemas["list_agents"]["required"] == []


def test_wakefuls_mcp_tools_refuse_bad_arguments_before_reaching_a_service():
    from wakeful.mcp_endpoint import tools

    missing, missing_error = tools.call("o", "start_thread", {"message": "hi"})
    unknown, unknown_error = tools.call("o", "list_agents", {"agent_id": "x"})
    no_tool, no_tool_error = tools.call("o", "drop_tables", {})

    assert missing_error and missing["error"] == {"code": "validation_error", "message": "agent_id: a non-empty string is required"}
    assert unknown_error and "agent_id: not an argument of list_agents" in unknown["error"]["message"]
    assert no_tool_error and no_tool["error"]["code"] == "not_found"

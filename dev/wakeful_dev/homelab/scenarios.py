"""The homelab stories as scripted tool-use conversations, for runs without a model.

Without ``ANTHROPIC_API_KEY`` the scripted provider answers a thread's model calls from
:data:`SCRIPT` (the format of :mod:`wakeful.llm.script`: the scenario whose ``match``
finds the thread's first message; its turn *k* answers the *k*-th model call, sleeps
included; alternatives are chosen by a ``when`` regex on the latest message). Tests play
the same script through the fake Messages API and the real SDK.

1. "the minecraft server is slow": read the metrics, pause the downloads that saturate the
   link and say so, sleep an hour but wake early when Minecraft empties; then resume the
   downloads, say so, complete.
2. ``temp_high`` starts a thread: read the metrics, warn, check again in 10 minutes;
   complete quietly if it cooled down.
3. ``server_empty`` for atm-10 starts a thread: remember the server, sleep 15 minutes
   unless someone joins; then, if it is still empty, stop it, say so, complete.
4. "stop the minecraft server": check who is on, try to stop it; the preset's guard denies
   it (players are online) and the model reads why; it asks again with ``force: true``,
   which waits for the owner's approval; then it reports what happened.
5. "get Dune: Part Two": search the library, which has only the 2021 film; request Part
   Two from Radarr, which waits for the owner's approval; say so once it is requested.
"""

from __future__ import annotations

from typing import Any

SLOW_MESSAGE = "the minecraft server is slow"
STOP_MESSAGE = "please stop the minecraft server, I need its RAM for a backup"
MEDIA_MESSAGE = "can you get Dune: Part Two for movie night on Saturday?"


def _call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "input": arguments}


FLOW_1 = {
    "name": "flow 1: a user request with a follow-up",
    "match": r"minecraft.*\bslow\b",
    "turns": [
        {"text": "Let me check what's causing the slowness.", "tool_calls": [_call("get_system_metrics")]},
        {
            "text": "Downloads are saturating the network link, which is what slows Minecraft. Pausing them.",
            "tool_calls": [
                _call("pause_downloads"),
                _call("send_notification", message="Paused downloads to help Minecraft: they were saturating the network."),
            ],
        },
        {
            "text": "I'll check back in an hour, or as soon as Minecraft empties.",
            "tool_calls": [
                _call(
                    "schedule_wake",
                    delay="60m",
                    reason="Check if Minecraft performance recovered; resume downloads if the server is empty or doing better",
                    wake_on_events=[{"event_type": "server_empty", "match": {"server": "minecraft"}}],
                )
            ],
        },
        [
            {
                "when": r"woken by event server_empty",
                "text": "Minecraft is empty now, so it's safe to resume the downloads.",
                "tool_calls": [
                    _call("resume_downloads"),
                    _call("send_notification", message="Minecraft server is empty, resumed downloads."),
                ],
            },
            {
                "text": "An hour has passed; resuming the downloads.",
                "tool_calls": [
                    _call("resume_downloads"),
                    _call("send_notification", message="Resumed downloads after an hour; tell me if Minecraft slows down again."),
                ],
            },
        ],
        {
            "text": "All done.",
            "tool_calls": [
                _call("complete_task", summary="Resolved Minecraft slowness by pausing downloads; resumed them when it was safe.")
            ],
        },
    ],
}

FLOW_2 = {
    "name": "flow 2: a proactive response to an event",
    "match": r"temp_high",
    "turns": [
        {"text": "The CPU is running hot; let me investigate.", "tool_calls": [_call("get_system_metrics")]},
        {
            "text": "Three Jellyfin transcodes are hammering the CPU. Legitimate load, but the owner should know.",
            "tool_calls": [
                _call("send_notification", message="⚠️ CPU running hot (85°C) due to 3 active transcodes. Keeping an eye on it."),
                _call("schedule_wake", delay="10m", reason="Check if CPU temp normalized"),
            ],
        },
        {"text": "Checking the temperature again.", "tool_calls": [_call("get_system_metrics")]},
        [
            {
                "when": r'"cpu_temp_c":\s*(?:[0-7]?\d|80)(?:\.0)?\b',
                "text": "Back under the threshold: it resolved itself, no notification needed.",
                "tool_calls": [_call("complete_task", summary="Temp normalized")],
            },
            {
                "text": "Still above the threshold after 10 minutes.",
                "tool_calls": [
                    _call("send_notification", message="CPU still hot after 10 minutes; consider ending a transcode."),
                    _call("complete_task", summary="Temp still high; owner warned twice"),
                ],
            },
        ],
    ],
}

FLOW_3 = {
    "name": "flow 3: autonomous maintenance of a game server",
    "match": r"server_empty",
    "turns": [
        {
            "text": "atm-10 just emptied. My guidelines say to wait 15 minutes before stopping an idle server.",
            "tool_calls": [
                _call("store_context", key="auto_stop", value={"server": "atm-10", "emptyReason": "auto-stop"}),
                _call(
                    "schedule_wake",
                    delay="15m",
                    reason="Stop atm-10 if still empty",
                    wake_on_events=[{"event_type": "player_joined", "match": {"server": "atm-10"}}],
                ),
            ],
        },
        [
            {
                "when": r"woken by event player_joined",
                "text": "Someone joined atm-10, so it stays up.",
                "tool_calls": [_call("complete_task", summary="Someone joined atm-10; left it running.")],
            },
            {
                "text": "Checking whether atm-10 is still empty.",
                "tool_calls": [_call("get_context", key="auto_stop"), _call("get_player_count", server="atm-10")],
            },
        ],
        [
            {
                "when": r'"playerCount":\s*0\b',
                "text": "Still empty after 15 minutes; stopping it to save resources.",
                "tool_calls": [_call("stop_game_server", server="atm-10")],
            },
            {
                "text": "Players are back on atm-10; leaving it running.",
                "tool_calls": [_call("complete_task", summary="atm-10 has players again; left it running.")],
            },
        ],
        {
            "text": "Done; letting the team know.",
            "tool_calls": [
                _call("send_notification", message="🛑 Stopped atm-10 (empty for 15 minutes)."),
                _call("complete_task", summary="Stopped atm-10 after 15 empty minutes."),
            ],
        },
    ],
}

FLOW_4 = {
    "name": "a stop the guard denies, then one that needs approval",
    "match": r"\bstop (?:the )?minecraft\b",
    "turns": [
        {"text": "Let me see who is on Minecraft first.", "tool_calls": [_call("get_player_count", server="minecraft")]},
        {"text": "Two players are on Minecraft. Trying to stop it.", "tool_calls": [_call("stop_game_server", server="minecraft")]},
        {
            "text": "The homelab refused: players are online and stopping it would disconnect them. "
            "Since you need the RAM, I'm asking for your approval to stop it anyway.",
            "tool_calls": [_call("stop_game_server", server="minecraft", force=True)],
        },
        [
            {
                "when": r'"status":\s*"stopped"',
                "text": "Stopped.",
                "tool_calls": [
                    _call("send_notification", message="🛑 Stopped Minecraft as asked; its players were disconnected."),
                    _call("complete_task", summary="Stopped Minecraft on request, with approval."),
                ],
            },
            {
                "text": "Not stopped.",
                "tool_calls": [
                    _call("send_notification", message="Left Minecraft running: stopping it was not approved."),
                    _call("complete_task", summary="Did not stop Minecraft: not approved."),
                ],
            },
        ],
    ],
}

FLOW_5 = {
    "name": "a movie the library lacks, requested once the owner approves",
    "match": r"\bget dune: part two\b",
    "turns": [
        {"text": "Let me see whether the library has it already.", "tool_calls": [_call("search_media", query="Dune")]},
        [
            {
                "when": r'"name":\s*"Dune: Part Two"',
                "text": "It's in the library already.",
                "tool_calls": [_call("complete_task", summary="Dune: Part Two is already in the library.")],
            },
            {
                "text": "The library has the 2021 Dune only. Asking Radarr for Part Two; the owner approves requests.",
                "tool_calls": [_call("request_movie", title="Dune: Part Two", year=2024)],
            },
        ],
        [
            {
                "when": r'"requested":\s*true',
                "tool_calls": [
                    _call("send_notification", message="🎬 Requested Dune: Part Two for Saturday; Radarr is searching for it."),
                    _call("complete_task", summary="Requested Dune: Part Two."),
                ],
            },
            {
                "when": r'"already_requested":\s*true',
                "tool_calls": [_call("complete_task", summary="Dune: Part Two was on the wanted list already.")],
            },
            {"tool_calls": [_call("complete_task", summary="Did not request Dune: Part Two.")]},
        ],
    ],
}

SCRIPT: dict[str, Any] = {"scenarios": [FLOW_4, FLOW_1, FLOW_2, FLOW_3, FLOW_5]}

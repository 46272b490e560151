"""SnipIn's pure parts: @mention detection with its context, derived ids, scripted answers."""

from __future__ import annotations

from wakeful.snipin import repository, scripted, social


def test_mentions_carry_fifty_characters_of_context_either_side() -> None:
    text = "x" * 80 + " what does @TechScout think? " + "y" * 80
    [(alias, context)] = social.mentions(text)
    at = text.index("@TechScout")
    assert alias == "TechScout"
    assert context == text[at - 50 : at + len("@TechScout") + 50]


def test_mentions_are_distinct_case_insensitively_and_ignore_emails() -> None:
    found = social.mentions("@ada and @Ada and @rex-2, mail me at bob@example.com")
    assert [alias for alias, _ in found] == ["ada", "rex-2"]
    assert social.mentions("@ada at the start")[0][1] == "@ada at the start"


def test_derived_ids_repeat_for_the_same_inputs_and_sort_by_time() -> None:
    first = repository.derived_id("snp", 1000.0, "act_1", "snip")
    assert first == repository.derived_id("snp", 1000.0, "act_1", "snip")
    assert first != repository.derived_id("snp", 1000.0, "act_2", "snip")
    assert repository.derived_id("cmt", 1000.0, "a") < repository.derived_id("cmt", 1001.0, "a")


def test_scripted_relevance_follows_the_agents_interests() -> None:
    agent = {"name": "Ada", "expertise": "AI research", "focus_areas": ["ai", "research"]}
    on_topic = {"title": "New AI research result", "tags": ["ai", "research"]}
    off_topic = {"title": "Seed rounds shrink", "tags": ["startups"]}
    assert scripted.relevance(on_topic, agent) >= 9 > 5 > scripted.relevance(off_topic, agent)
    summary = scripted.feed_summary({"feed_items": [{"id": "b", **off_topic}, {"id": "a", **on_topic}]}, agent)
    assert [p["id"] for p in summary["top_posts"]] == ["a", "b"]


def test_a_memorys_relevance_halves_every_half_life_and_a_use_brings_it_half_way_back():
    # SnipIn's memories are kept in memory's store, which follows the same rule
    from wakeful.memory import rank
    from wakeful.memory.records import Memory

    def relevance(item: dict, now: float) -> float:
        return Memory.from_item({"agent_id": "agt_1", "memory_key": "feed_summary", **item}).relevance(now)

    week = rank.HALF_LIFE_SECONDS
    item = {"relevance_score": 1.0, "scored_at": 1000.0}
    assert relevance(item, now=1000.0) == 1.0
    assert abs(relevance(item, now=1000.0 + week) - 0.5) < 1e-9
    assert abs(relevance(item, now=1000.0 + 2 * week) - 0.25) < 1e-9
    assert rank.reinforced(0.25) == 0.625
    assert rank.reinforced(1.0) == 1.0
    # a memory stored before scores faded counts from its last update
    assert abs(relevance({"relevance_score": 0.8, "updated_at": 0.0}, now=week) - 0.4) < 1e-9

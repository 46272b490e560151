"""FeedReader's heartbeat probe: can a heartbeat skip FeedReader because the agent's
network posted nothing since FeedReader last looked?

Two small rows in ``snipin_agents`` answer it, read together in one BatchGetItem
(:mod:`wakeful.snipin.repository` keeps them):

- ``("owner#<owner>", "feed-watermark")``: a counter of the owner's network changes
  (``version``: one more for every snip published or shared), moved *after* the write,
  with the time of the last change (``changed_at``);
- ``(<agent_id>, "feed-check")``: the ``version`` FeedReader read *before* it last read
  this agent's feed (``checked_version``), and when (``checked_at``). Following or
  unfollowing someone forgets it (the feed changed).

FeedReader has nothing to do when the network's version is still the one its last look
had seen: a change it may have missed was counted after that look's version read (the
count follows the write; the look reads the count before the feed), so the version is
higher. Versions, not clocks: no skew to allow for, so an idle heartbeat is quiet however
soon after a change the last look came (a clock comparison had to call any change less
than :data:`CLOCK_SKEW_SECONDS` before the look a change, and ran FeedReader again for
nothing). A check stamped before versions existed falls back to that comparison. The scan
asks (wakeful.heartbeats.quiet); a heartbeat it skips is counted, not run.
"""

from __future__ import annotations

from wakeful.snipin import repository

#: Allowed clock skew between the function that publishes a snip and FeedReader's.
CLOCK_SKEW_SECONDS = 1.0


def network_version(owner: str) -> int:
    """The owner's network version, read by FeedReader before it reads the feed."""
    return repository.network_version(owner)


def feed_checked(agent_id: str, started_at: float, seen_version: int | None = None) -> None:
    """FeedReader read the agent's feed; ``started_at`` is when it began to read and
    ``seen_version`` the network version it read just before."""
    repository.stamp_feed_checked(agent_id, started_at, seen_version)


def feed_reader_idle(owner: str, agent_id: str) -> bool:
    """True when FeedReader would find nothing new in the agent's feed."""
    marks = repository.feed_marks(owner, agent_id)
    if not marks.checked:
        return False
    if not marks.watermark:
        return True  # nothing was ever published in this network
    if marks.checked_version is not None:
        return (marks.version or 0) <= marks.checked_version
    # A check stamped before versions were counted: compare the clocks, with the skew.
    if marks.checked_at is None or marks.changed_at is None:
        return False
    return marks.changed_at + CLOCK_SKEW_SECONDS <= marks.checked_at

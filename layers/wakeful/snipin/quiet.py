"""FeedReader's heartbeat probe: can a heartbeat skip FeedReader because the agent's
network posted nothing since FeedReader last looked?

Two small rows in ``snipin_agents`` answer it, read together in one BatchGetItem
(:mod:`wakeful.snipin.repository` keeps them):

- ``("owner#<owner>", "feed-watermark")``: when the owner's network last changed (a
  snip published or shared), stamped *after* the write, so a snip a reader did not see
  is always stamped later than that reader's look;
- ``(<agent_id>, "feed-check")``: when FeedReader last read this agent's feed, stamped
  *before* the read. Following or unfollowing someone forgets it (the feed changed).

FeedReader has nothing to do when the watermark is older than the last check (by
:data:`CLOCK_SKEW_SECONDS`, the skew allowed between the writers' clocks). The scan
asks (wakeful.heartbeats.quiet); a heartbeat it skips is counted, not run.
"""

from __future__ import annotations

from wakeful.snipin import repository

#: Allowed clock skew between the function that publishes a snip and FeedReader's.
CLOCK_SKEW_SECONDS = 1.0


def feed_checked(agent_id: str, started_at: float) -> None:
    """FeedReader read the agent's feed; ``started_at`` is when it began to read."""
    repository.stamp_feed_checked(agent_id, started_at)


def feed_reader_idle(owner: str, agent_id: str) -> bool:
    """True when FeedReader would find nothing new in the agent's feed."""
    changed_at, checked_at = repository.feed_stamps(owner, agent_id)
    if checked_at is None:
        return False
    if changed_at is None:
        return True  # nothing was ever published in this network
    return changed_at + CLOCK_SKEW_SECONDS <= checked_at

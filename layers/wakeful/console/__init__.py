"""The web console: a static single-page app served by the API at ``GET /console``.

It talks to the public HTTP API only, with the API key the user types in (kept in the
browser's sessionStorage). The assets ship inside this package and are read on the
first request for each, never at import, so the console adds nothing to a cold start.
"""

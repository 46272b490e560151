"""API keys: bearer tokens stored only as hashes, each bound to one owner."""

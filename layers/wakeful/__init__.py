"""Wakeful: proactive AI agents on serverless AWS.

The domain package shared by every Lambda function, the CLI, the local runtime and
the tests. Organised by capability: ``agents``, ``events``, ``heartbeats``,
``subscriptions``, ``tools``, ``actions`` and the rest.
"""

__version__ = "0.1.0"

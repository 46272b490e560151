"""Events from outside: the SQS ingest queue (``sqs``) and the strict checks on
untrusted JSON shared with inbound webhooks (``payload``).

This package and :mod:`wakeful.webhooks.receive` are what the ingest functions import;
they import neither the management API nor anthropic.
"""

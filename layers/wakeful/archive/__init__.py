"""The archive: what DynamoDB deletes when retention runs out, kept in S3.

The retained tables (:data:`wakeful.retention.TABLES`) have a DynamoDB stream; an event
source mapping filtered to the deletions DynamoDB's TTL makes hands them to the
``archiver`` function, which writes each record's last image to the archive bucket as
JSON Lines, one gzipped object per table, agent, UTC day and batch. ``records`` says
what is kept and how it is filed (pure); ``service`` writes it.
"""

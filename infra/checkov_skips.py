"""What checkov (``tests/infra/test_checkov.py``) may report on the synthesized template.

checkov runs every CloudFormation check it has, plus our own policies in
``infra/checkov_policies/``; a failed check whose id is not in :data:`SKIPS` fails the
test. Each skip is a decision, not an oversight: the reason says why the check does not
fit this serverless stack (docs/operations.md, "The IaC scanner", says it at length). A
skip that no longer fails anywhere fails the test too, so the list cannot go stale.
"""

from __future__ import annotations

from pathlib import Path

#: Our own checkov policies (``--external-checks-dir``).
POLICIES_DIR = Path(__file__).resolve().parent / "checkov_policies"

#: check id -> why the stack does not do what it asks.
SKIPS: dict[str, str] = {
    # -- a gap in checkov, covered by our own policy --------------------------------------
    "CKV_AWS_27": "checkov's CloudFormation check reads only KmsMasterKeyId, not SqsManagedSseEnabled: "
    "every queue states SSE-SQS, which CKV_WAKEFUL_SQS_1 (infra/checkov_policies/) checks instead",
    # -- customer-managed KMS keys: AWS-managed encryption is already on -----------------
    "CKV_AWS_119": "tables use the AWS-managed KMS key (aws/dynamodb, every use in CloudTrail); a customer key "
    "adds a key policy and could lock every table if disabled; stored secrets are sealed with our own key",
    "CKV_AWS_149": "the secrets (the Anthropic key's, the cursor key's) use aws/secretsmanager; IAM lets only the "
    "functions that need one read it, and a customer key would add a second grant without narrowing who reads it",
    "CKV_AWS_158": "CloudWatch Logs encrypts every log group at rest and IAM decides who reads them; a key would "
    "need a key policy for the Logs service and would stop all logging if disabled",
    "CKV_AWS_173": "Lambda encrypts environment variables at rest; ours hold resource names, ARNs and settings "
    "only (no secret is in any function's environment: tests/infra/test_anthropic_secret.py)",
    # -- server-style controls that do not fit functions --------------------------------
    "CKV_AWS_117": "the functions call only AWS APIs (IAM, TLS) and public HTTPS endpoints; a VPC would add NAT "
    "gateways (about 32 USD a month each) and cold-start latency and isolate nothing IAM does not",
    "CKV_AWS_115": "reserved concurrency cannot be set in accounts with the default 10-execution quota; queue "
    "consumers are capped by the SQS source's maximum concurrency, the API by stage throttling",
    "CKV_AWS_116": "a function DLQ catches failed asynchronous invocations only: queue consumers use their queue's "
    "redrive DLQ, the others are invoked synchronously or by a stream, the scan has an on-failure destination",
    # -- the archive bucket ---------------------------------------------------------------
    "CKV_AWS_18": "only the archiver writes the archive bucket (PutObject under the retained tables' prefixes) and no "
    "role of the stack reads it; access logs need a second bucket, itself retained; CloudTrail data events serve audits",
    # -- API Gateway ------------------------------------------------------------------------
    "CKV_AWS_59": "the api function checks bearer API keys on every route but the public ones, and webhooks are "
    "verified by an HMAC signature over the raw body, which no authorizer can see",
    "CKV_AWS_120": "responses are per caller and change with every write, so a stage cache would serve stale data; "
    "it also costs from about 14 USD a month, always on",
}  # fmt: skip

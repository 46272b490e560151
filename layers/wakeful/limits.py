"""The AWS limits Wakeful's writes and answers meet, and the bounds it keeps under them.

Each AWS number is the documented quota, named once here with where it applies; each
bound below it is what the code checks where it builds the request or the answer, so an
oversized one is cut, split or refused with a clear error instead of failing on AWS
(where the caller's retries would then fail the same way, again and again). The local
emulator enforces few of these: the tests assert the bounds themselves.

Plain constants on purpose: every function imports this module.
"""

from __future__ import annotations

# -- Lambda and API Gateway ------------------------------------------------------------

#: Lambda: "Invocation payload (request and response): 6 MB each for request and
#: response (synchronous)". Behind API Gateway's REST API (10 MB payloads) the API
#: function's answer meets this one first: the JSON of ``{statusCode, headers, body}``,
#: in which the body is a JSON string, so every ``"`` and ``\`` of the body is escaped
#: once more. Over it, API Gateway answers 502.
LAMBDA_SYNC_RESPONSE_BYTES = 6 * 1024 * 1024
#: A list page's items end before this many bytes, measured as they travel inside the
#: Lambda response (:func:`wakeful.pagination.wire_bytes`); the rest of the 6 MB is for
#: the envelope, the headers and the page's own keys.
API_PAGE_BYTES = 5 * 1024 * 1024

# -- DynamoDB --------------------------------------------------------------------------

#: DynamoDB: "The maximum item size in DynamoDB is 400 KB, which includes both attribute
#: name binary length (UTF-8 length) and attribute value lengths (again binary length)."
DYNAMODB_ITEM_BYTES = 400 * 1024
#: DynamoDB TransactWriteItems: "The aggregate size of the items in the transaction
#: cannot exceed 4 MB." Kept under both readings of "MB".
DYNAMODB_TRANSACTION_BYTES = 4_000_000
#: DynamoDB TransactWriteItems: at most 100 actions per transaction.
DYNAMODB_TRANSACTION_ITEMS = 100
#: What an append's new items (events and idempotency records) may weigh together: the
#: transaction also updates the agent's item, which counts whole and may be up to
#: :data:`DYNAMODB_ITEM_BYTES`.
APPEND_TRANSACTION_BYTES = DYNAMODB_TRANSACTION_BYTES - DYNAMODB_ITEM_BYTES

# -- SQS -------------------------------------------------------------------------------

#: SQS: a message is at most 1 MiB ("The minimum message size is 1 byte. The maximum is
#: 1,048,576 bytes (1 MiB)"), counting its body and its attributes' names, types and
#: values. Every queue of the stack states ``MaximumMessageSize`` at this value (new
#: queues default to it; queues made before August 2025 had 256 KiB).
SQS_MESSAGE_BYTES = 1024 * 1024
#: SQS SendMessageBatch: "the maximum total payload size (the sum of the individual
#: lengths of all of the batched messages) [is] 1 MiB (1,048,576 bytes)".
SQS_BATCH_BYTES = 1024 * 1024
#: SQS SendMessageBatch: at most 10 entries.
SQS_BATCH_ENTRIES = 10

# -- API Gateway WebSocket -------------------------------------------------------------

#: API Gateway WebSocket APIs: "Message payload size: 128 KB" (PostToConnection's
#: ``Data`` included).
WEBSOCKET_MESSAGE_BYTES = 128 * 1024
#: A StreamEvent's frame, as the fan-out posts it (compact UTF-8 JSON), stays under this.
STREAM_FRAME_BYTES = 120 * 1024
#: One value of a StreamEvent (``content``, ``tool_args``, ``tool_result``) is cut to a
#: preview of at most this many bytes of JSON; three of them fit a frame.
STREAM_VALUE_BYTES = 32 * 1024

# -- what Wakeful keeps of an answer ---------------------------------------------------

#: The largest tool answer (``output``, ``error`` and ``usage_stats``) kept on an action
#: and shown to a thread's model: 64 KiB of output (an MCP tool's result is cut there,
#: with its own note) and room for a note and the answer's keys. An action's item also
#: holds the tool call (or the event) and the agent's context, within
#: :data:`DYNAMODB_ITEM_BYTES`.
TOOL_ANSWER_BYTES = 64 * 1024 + 1024

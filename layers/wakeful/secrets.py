"""Secrets at rest: sealed with KMS (always on AWS, where the functions that seal are
given the key's id, and in ``wakeful dev`` against moto's KMS; in dev mode without a key,
in the clear), never logged, never returned after creation."""

from __future__ import annotations

import base64

from wakeful import aws
from wakeful.config import get_settings

_KMS = "kms:"
_PLAIN = "plain:"


def seal(plaintext: str, *, context: dict[str, str]) -> str:
    """Encrypt a secret for storage. ``context`` binds it to its owner record."""
    settings = get_settings()
    key_id = settings.kms_key_id
    if not key_id:
        if not settings.dev_mode:  # never store a secret in the clear on AWS
            raise RuntimeError("WAKEFUL_KMS_KEY_ID is not set: this function was not given the secrets key, so it cannot seal")
        return _PLAIN + base64.b64encode(plaintext.encode()).decode()
    blob = aws.client("kms").encrypt(KeyId=key_id, Plaintext=plaintext.encode(), EncryptionContext=context)
    return _KMS + base64.b64encode(blob["CiphertextBlob"]).decode()


def unseal(sealed: str, *, context: dict[str, str]) -> str:
    """Decrypt a secret sealed by :func:`seal`."""
    if sealed.startswith(_PLAIN):
        return base64.b64decode(sealed[len(_PLAIN) :]).decode()
    if sealed.startswith(_KMS):
        blob = base64.b64decode(sealed[len(_KMS) :])
        return aws.client("kms").decrypt(CiphertextBlob=blob, EncryptionContext=context)["Plaintext"].decode()
    raise ValueError("not a sealed secret")

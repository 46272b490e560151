from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.webhook_create_provider import WebhookCreateProvider
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.webhook_create_metadata_type_0 import WebhookCreateMetadataType0


T = TypeVar("T", bound="WebhookCreate")


@_attrs_define
class WebhookCreate:
    """ ``POST /agents/{id}/webhooks`` body.

        Attributes:
            allowed_event_types (list[str] | None | Unset): Event types this webhook may create; null or empty allows all
            rate_limit_per_hour (int | Unset): Accepted requests per clock hour Default: 100.
            metadata (None | Unset | WebhookCreateMetadataType0): Your notes (integration, owner, …). `alertmanager`,
                `grafana`: `event_map` (alert name to event type, e.g. `{"HostHighCpu": "cpu_high"}`) and `event_label` (a label
                whose value is the event type)
            provider (WebhookCreateProvider | Unset): Who sends: `wakeful` (either Wakeful scheme; body `{event_type?,
                priority?, payload}`), `standard` (Standard Webhooks; the body whole, type from its `type`), `github` (X-Hub-
                Signature-256; type `github_<X-GitHub-Event>`), `stripe` (Stripe-Signature; type `stripe_<type>`; give
                `secret`), `raw` (either Wakeful scheme; any JSON body whole), `alertmanager` and `grafana` (`Authorization:
                Bearer <secret>`; each alert an event, typed by `metadata.event_map`, else `alert_<alertname>`) Default:
                WebhookCreateProvider.WAKEFUL.
            secret (None | str | Unset): `stripe` (required): the endpoint's signing secret Stripe shows. `github`,
                `alertmanager`, `grafana` (optional): a secret you chose there. Other providers get a generated `whsec_` secret.
     """

    allowed_event_types: list[str] | None | Unset = UNSET
    rate_limit_per_hour: int | Unset = 100
    metadata: None | Unset | WebhookCreateMetadataType0 = UNSET
    provider: WebhookCreateProvider | Unset = WebhookCreateProvider.WAKEFUL
    secret: None | str | Unset = UNSET


    def to_dict(self) -> dict[str, Any]:
        from ..models.webhook_create_metadata_type_0 import WebhookCreateMetadataType0 # noqa: PLC0415
        allowed_event_types: list[str] | None | Unset
        if isinstance(self.allowed_event_types, Unset):
            allowed_event_types = UNSET
        elif isinstance(self.allowed_event_types, list):
            allowed_event_types = self.allowed_event_types


        else:
            allowed_event_types = self.allowed_event_types

        rate_limit_per_hour = self.rate_limit_per_hour

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, WebhookCreateMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        provider: str | Unset = UNSET
        if not isinstance(self.provider, Unset):
            provider = self.provider.value


        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if allowed_event_types is not UNSET:
            field_dict["allowed_event_types"] = allowed_event_types
        if rate_limit_per_hour is not UNSET:
            field_dict["rate_limit_per_hour"] = rate_limit_per_hour
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if provider is not UNSET:
            field_dict["provider"] = provider
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_create_metadata_type_0 import WebhookCreateMetadataType0 # noqa: PLC0415
        d = dict(src_dict)
        def _parse_allowed_event_types(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_event_types_type_0 = cast(list[str], data)

                return allowed_event_types_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        allowed_event_types = _parse_allowed_event_types(d.pop("allowed_event_types", UNSET))


        rate_limit_per_hour = d.pop("rate_limit_per_hour", UNSET)

        def _parse_metadata(data: object) -> None | Unset | WebhookCreateMetadataType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = WebhookCreateMetadataType0.from_dict(data)


                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WebhookCreateMetadataType0, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))


        _provider = d.pop("provider", UNSET)
        provider: WebhookCreateProvider | Unset
        if isinstance(_provider,  Unset):
            provider = UNSET
        else:
            provider = WebhookCreateProvider(_provider)


        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))


        webhook_create = cls(
            allowed_event_types=allowed_event_types,
            rate_limit_per_hour=rate_limit_per_hour,
            metadata=metadata,
            provider=provider,
            secret=secret,
        )

        return webhook_create

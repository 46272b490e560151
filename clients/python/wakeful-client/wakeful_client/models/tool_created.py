from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_created_config import ToolCreatedConfig
  from ..models.tool_created_input_schema_type_0 import ToolCreatedInputSchemaType0


T = TypeVar("T", bound="ToolCreated")


@_attrs_define
class ToolCreated:
    """ A new tool and its signing secret (shown only in this answer).

        Attributes:
            name (str):
            kind (str): builtin, http or lambda
            builtin (bool):
            description (None | str):
            config (ToolCreatedConfig):
            is_active (bool):
            secret (str): whsec_…: the tool verifies Wakeful's signature with it
            endpoint_url (None | str | Unset):
            function_arn (None | str | Unset):
            timeout_ms (int | None | Unset):
            input_schema (None | ToolCreatedInputSchemaType0 | Unset):
            requires_approval (bool | None | Unset):
            created_at (None | str | Unset):
     """

    name: str
    kind: str
    builtin: bool
    description: None | str
    config: ToolCreatedConfig
    is_active: bool
    secret: str
    endpoint_url: None | str | Unset = UNSET
    function_arn: None | str | Unset = UNSET
    timeout_ms: int | None | Unset = UNSET
    input_schema: None | ToolCreatedInputSchemaType0 | Unset = UNSET
    requires_approval: bool | None | Unset = UNSET
    created_at: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)


    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_created_config import ToolCreatedConfig # noqa: PLC0415
        from ..models.tool_created_input_schema_type_0 import ToolCreatedInputSchemaType0 # noqa: PLC0415
        name = self.name

        kind = self.kind

        builtin = self.builtin

        description: None | str
        description = self.description

        config = self.config.to_dict()

        is_active = self.is_active

        secret = self.secret

        endpoint_url: None | str | Unset
        if isinstance(self.endpoint_url, Unset):
            endpoint_url = UNSET
        else:
            endpoint_url = self.endpoint_url

        function_arn: None | str | Unset
        if isinstance(self.function_arn, Unset):
            function_arn = UNSET
        else:
            function_arn = self.function_arn

        timeout_ms: int | None | Unset
        if isinstance(self.timeout_ms, Unset):
            timeout_ms = UNSET
        else:
            timeout_ms = self.timeout_ms

        input_schema: dict[str, Any] | None | Unset
        if isinstance(self.input_schema, Unset):
            input_schema = UNSET
        elif isinstance(self.input_schema, ToolCreatedInputSchemaType0):
            input_schema = self.input_schema.to_dict()
        else:
            input_schema = self.input_schema

        requires_approval: bool | None | Unset
        if isinstance(self.requires_approval, Unset):
            requires_approval = UNSET
        else:
            requires_approval = self.requires_approval

        created_at: None | str | Unset
        if isinstance(self.created_at, Unset):
            created_at = UNSET
        else:
            created_at = self.created_at


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "name": name,
            "kind": kind,
            "builtin": builtin,
            "description": description,
            "config": config,
            "is_active": is_active,
            "secret": secret,
        })
        if endpoint_url is not UNSET:
            field_dict["endpoint_url"] = endpoint_url
        if function_arn is not UNSET:
            field_dict["function_arn"] = function_arn
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms
        if input_schema is not UNSET:
            field_dict["input_schema"] = input_schema
        if requires_approval is not UNSET:
            field_dict["requires_approval"] = requires_approval
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_created_config import ToolCreatedConfig # noqa: PLC0415
        from ..models.tool_created_input_schema_type_0 import ToolCreatedInputSchemaType0 # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        kind = d.pop("kind")

        builtin = d.pop("builtin")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))


        config = ToolCreatedConfig.from_dict(d.pop("config"))


        is_active = d.pop("is_active")

        secret = d.pop("secret")

        def _parse_endpoint_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        endpoint_url = _parse_endpoint_url(d.pop("endpoint_url", UNSET))


        def _parse_function_arn(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        function_arn = _parse_function_arn(d.pop("function_arn", UNSET))


        def _parse_timeout_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        timeout_ms = _parse_timeout_ms(d.pop("timeout_ms", UNSET))


        def _parse_input_schema(data: object) -> None | ToolCreatedInputSchemaType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_schema_type_0 = ToolCreatedInputSchemaType0.from_dict(data)


                return input_schema_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolCreatedInputSchemaType0 | Unset, data)

        input_schema = _parse_input_schema(d.pop("input_schema", UNSET))


        def _parse_requires_approval(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        requires_approval = _parse_requires_approval(d.pop("requires_approval", UNSET))


        def _parse_created_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        created_at = _parse_created_at(d.pop("created_at", UNSET))


        tool_created = cls(
            name=name,
            kind=kind,
            builtin=builtin,
            description=description,
            config=config,
            is_active=is_active,
            secret=secret,
            endpoint_url=endpoint_url,
            function_arn=function_arn,
            timeout_ms=timeout_ms,
            input_schema=input_schema,
            requires_approval=requires_approval,
            created_at=created_at,
        )


        tool_created.additional_properties = d
        return tool_created

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties

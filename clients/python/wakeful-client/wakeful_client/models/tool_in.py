from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.tool_in_kind import ToolInKind
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tool_in_config import ToolInConfig
  from ..models.tool_in_input_schema import ToolInInputSchema


T = TypeVar("T", bound="ToolIn")


@_attrs_define
class ToolIn:
    """ ``POST /tools`` body.

        Attributes:
            name (str):
            kind (ToolInKind):
            endpoint_url (None | str | Unset):
            function_arn (None | str | Unset):
            description (None | str | Unset):
            config (ToolInConfig | Unset):
            timeout_ms (int | Unset):  Default: 10000.
            input_schema (ToolInInputSchema | Unset): JSON Schema of the arguments a thread's model fills when it calls this
                tool
            requires_approval (bool | Unset): A thread's call waits for an approval first Default: False.
     """

    name: str
    kind: ToolInKind
    endpoint_url: None | str | Unset = UNSET
    function_arn: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    config: ToolInConfig | Unset = UNSET
    timeout_ms: int | Unset = 10000
    input_schema: ToolInInputSchema | Unset = UNSET
    requires_approval: bool | Unset = False


    def to_dict(self) -> dict[str, Any]:
        from ..models.tool_in_config import ToolInConfig # noqa: PLC0415
        from ..models.tool_in_input_schema import ToolInInputSchema # noqa: PLC0415
        name = self.name

        kind = self.kind.value

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

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        timeout_ms = self.timeout_ms

        input_schema: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_schema, Unset):
            input_schema = self.input_schema.to_dict()

        requires_approval = self.requires_approval


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "name": name,
            "kind": kind,
        })
        if endpoint_url is not UNSET:
            field_dict["endpoint_url"] = endpoint_url
        if function_arn is not UNSET:
            field_dict["function_arn"] = function_arn
        if description is not UNSET:
            field_dict["description"] = description
        if config is not UNSET:
            field_dict["config"] = config
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms
        if input_schema is not UNSET:
            field_dict["input_schema"] = input_schema
        if requires_approval is not UNSET:
            field_dict["requires_approval"] = requires_approval

        return field_dict


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tool_in_config import ToolInConfig # noqa: PLC0415
        from ..models.tool_in_input_schema import ToolInInputSchema # noqa: PLC0415
        d = dict(src_dict)
        name = d.pop("name")

        kind = ToolInKind(d.pop("kind"))


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


        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))


        _config = d.pop("config", UNSET)
        config: ToolInConfig | Unset
        if isinstance(_config,  Unset):
            config = UNSET
        else:
            config = ToolInConfig.from_dict(_config)


        timeout_ms = d.pop("timeout_ms", UNSET)

        _input_schema = d.pop("input_schema", UNSET)
        input_schema: ToolInInputSchema | Unset
        if isinstance(_input_schema,  Unset):
            input_schema = UNSET
        else:
            input_schema = ToolInInputSchema.from_dict(_input_schema)


        requires_approval = d.pop("requires_approval", UNSET)

        tool_in = cls(
            name=name,
            kind=kind,
            endpoint_url=endpoint_url,
            function_arn=function_arn,
            description=description,
            config=config,
            timeout_ms=timeout_ms,
            input_schema=input_schema,
            requires_approval=requires_approval,
        )

        return tool_in

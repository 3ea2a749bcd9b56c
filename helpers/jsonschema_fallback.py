"""The part of `jsonschema_rs` the registry uses, on the pure-Python `jsonschema` package.

jsonschema-rs is compiled (Rust) and has no wheel for the browser; `jsonschema` runs there
(JupyterLite's Pyodide kernel loads it from the Pyodide distribution). The registry imports
this module under the name `jsonschema_rs` when the real one cannot be imported, so it reads:
`validator_for(schema).iter_errors(arguments)`, `meta.validate(schema)`, `ValidationError`
(with `.message` and `.instance_path`) and `ReferencingError`. The messages are jsonschema's
wording, which differs a little from jsonschema-rs' (e.g. quotes).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import jsonschema
import jsonschema.exceptions


@dataclass
class ValidationError(Exception):
    """One way an instance (or a schema, against its meta-schema) breaks the rules."""

    message: str
    instance_path: list[str | int]

    def __str__(self) -> str:
        return self.message


class ReferencingError(Exception):
    """jsonschema-rs' error for a reference it could not retrieve (the registry catches it);
    here every unresolvable `$ref` is a ValidationError, as jsonschema-rs reports them too."""


class Validator:
    """A compiled schema: `iter_errors(instance)` yields every ValidationError."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._validator = jsonschema.validators.validator_for(schema)(schema)

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        """Each way `instance` breaks the schema, with where it happened."""
        for error in self._validator.iter_errors(instance):
            yield ValidationError(error.message, list(error.absolute_path))


def validator_for(schema: dict[str, Any]) -> Validator:
    """A Validator for `schema`; every `$ref` must point at a part of it."""
    for reference in references(schema):
        if not reference.startswith("#"):
            raise ValidationError(f"Resource '{reference}' is not in this schema", [])
        if resolve_pointer(schema, reference) is None:
            raise ValidationError(f"Pointer '{reference[1:]}' does not exist", [])
    return Validator(schema)


def references(node: Any) -> Iterator[str]:
    """Every `$ref` value in a schema, at any depth."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from references(value)
    elif isinstance(node, list):
        for item in node:
            yield from references(item)


def resolve_pointer(schema: dict[str, Any], reference: str) -> Any:
    """The part of `schema` that a local reference (`#/$defs/Name`) names, or None."""
    node: Any = schema
    for part in [p for p in reference[1:].split("/") if p]:
        key = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list) and key.isdigit() and int(key) < len(node):
            node = node[int(key)]
        elif isinstance(node, dict) and key in node:
            node = node[key]
        else:
            return None
    return node


def validate_against_meta_schema(schema: dict[str, Any]) -> None:
    """Raise ValidationError if `schema` is not a valid JSON Schema."""
    try:
        jsonschema.validators.validator_for(schema).check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        raise ValidationError(error.message, list(error.absolute_path)) from error


meta = SimpleNamespace(validate=validate_against_meta_schema)

"""JSON Schema of the storybook files, for editors with a YAML language server.

Put this modeline at the top of a paragraphs file, after writing the schema
with ``tales schema --file paragraphs > schema/paragraphs.json``::

    # yaml-language-server: $schema=../../../schema/paragraphs.json

It is the very schema the loader checks every file against
(:mod:`tales.story.loader.shape`), so it cannot drift from what loads.
"""

from __future__ import annotations

from tales.story.loader.fragments import Schema
from tales.story.loader.shape import FILES, schema

__all__ = ["FILES", "Schema", "schema"]
